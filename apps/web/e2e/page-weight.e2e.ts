// test:area shell
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { settled } from './support/audit';
import { WEB_DIST } from './support/server';
import { e2eSuite } from './support/suite';

const e2e = e2eSuite();

/** The first visit's budget (issue 15): gzipped script of the public home page, in bytes. */
const HOME_SCRIPT_BUDGET = 200_000;

/**
 * Translation namespaces only the admin's and the instructor's screens use: their keys are written
 * out in those screens' code, so a script holding one is admin or instructor code.
 */
const BACK_OFFICE_KEYS = ['authoring.', 'adminCms.', 'adminCategories.', 'members.', 'subscribers.', 'adminOrders.', 'instructorOrders.', 'contactMessages.'];

const backOfficeKeysIn = (code: string) => BACK_OFFICE_KEYS.filter((prefix) => code.includes(`"${prefix}`) || code.includes(`'${prefix}`) || code.includes(`\`${prefix}`));

/** The scripts the home page loads on a first visit at this width: their paths and their gzipped size (level 9, as the build stores them). */
async function homeScripts(width: number) {
  const { page } = await e2e.open({ width, height: 800 });
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await settled(page);
  return [...scripts].map((file) => {
    const code = readFileSync(path.join(WEB_DIST, file));
    return { file, code: code.toString('utf8'), gzipBytes: gzipSync(code, { level: 9 }).length };
  });
}

describe('the public home page weight', () => {
  it.each([1280, 375])('at %i px loads at most 200 KB of gzipped script, and none of the admin or instructor code', async (width) => {
    const scripts = await homeScripts(width);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, scripts.map((s) => `${s.gzipBytes} ${s.file}`).join('\n')).toBeLessThanOrEqual(HOME_SCRIPT_BUDGET);
    expect(scripts.flatMap((s) => backOfficeKeysIn(s.code).map((key) => `${s.file}: ${key}`))).toEqual([]);
  });

  it('the back-office check can fail: the build does hold those screens, in scripts of their own', () => {
    const dir = path.join(WEB_DIST, 'build');
    const found = new Set(readdirSync(dir).filter((f) => f.endsWith('.js')).flatMap((f) => backOfficeKeysIn(readFileSync(path.join(dir, f), 'utf8'))));
    expect([...found].sort()).toEqual([...BACK_OFFICE_KEYS].sort());
  });
});
