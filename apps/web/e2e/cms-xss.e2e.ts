// test:area cms
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CMS_LIMITS } from '@nibras/contract';
import { XSS_PAYLOADS } from '../../api/test/xss-corpus';
import { seedStorage } from './support/browser';
import { cmsAdmin, resetContentAfterAll } from './support/cms-admin';
import { e2eSuite } from './support/suite';

const e2e = e2eSuite({ dataDir: mkdtempSync(path.join(tmpdir(), 'nibras-cms-xss-e2e-')) }, { shareContext: true });
resetContentAfterAll(() => e2e.server);

const PAGES = ['/', '/about', '/contact-us', '/privacy-policy'];
/**
 * Payloads saved together, each page loaded once per half of the corpus: the first half in Arabic, the
 * second in English, so each page is loaded twice (once in each language) for every payload.
 */
const HALF = Math.ceil(XSS_PAYLOADS.length / 2);

/**
 * As many of `payloads` as fit in `max` characters (a plain-text field's limit), one a line, starting at
 * `from` and going round: the plain fields cannot hold them all at once.
 */
function packed(payloads: readonly string[], max: number, from: number): string {
  const picked: string[] = [];
  for (let i = 0; i < payloads.length; i += 1) {
    const next = payloads[(from + i) % payloads.length]!;
    if ([...picked, next].join('\n').length <= max) picked.push(next);
  }
  return picked.join('\n');
}

/**
 * Everything that would show a payload ran: the sentinel `__xss` every payload calls, dialogs,
 * script errors, CSP violations (the site's CSP forbids inline script, so a handler that got
 * through would be refused and reported), and dangerous markup left in the document.
 */
async function watch(page: Page) {
  const ran: string[] = [];
  await page.addInitScript(() => {
    const scope = window as unknown as { __xss: (n: unknown) => void; __xssCalls: string[] };
    scope.__xssCalls = [];
    scope.__xss = (n) => scope.__xssCalls.push(`__xss(${String(n)})`);
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod probes once whether `new Function` is allowed (its fast path), from the app's own bundle:
      // the CSP refuses it, as it should; that is not a payload (a payload's script never got to run).
      const source = new URL(event.sourceFile || 'about:blank', location.href);
      const ownProbe = event.blockedURI === 'eval' && source.origin === location.origin && source.pathname.endsWith('.js');
      if (!ownProbe) scope.__xssCalls.push(`CSP ${event.violatedDirective}: ${event.sample || event.blockedURI} (${event.sourceFile})`);
    });
  });
  page.on('dialog', (dialog) => {
    ran.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => ran.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // A resource that answers 404 is no script running: the worker's database holds other test files'
    // courses, whose covers live in those files' upload folders, not in this server's. Everything a
    // payload could run is caught by the sentinel, dialogs, page errors and CSP reports.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || /__xss|Content Security Policy/i.test(message.text())) ran.push(`console ${message.type()}: ${message.text()}`);
  });
  const inspect = async (where: string) => {
    const found = await page.evaluate(() => {
      const calls = (window as unknown as { __xssCalls: string[] }).__xssCalls;
      const dangerous = [...document.querySelectorAll('main *')].flatMap((el) => {
        const problems: string[] = [];
        if (['SCRIPT', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'FORM', 'META', 'BASE', 'STYLE', 'SVG', 'MATH', 'TEMPLATE', 'PORTAL'].includes(el.tagName.toUpperCase()) && !el.closest('[data-app-ui]')) {
          if (el.closest('.cms-rich, #home-title, .hero__text, .cms-carousel__caption, .cms-privacy-entry, [data-testid="contact-details"]')) problems.push(`<${el.tagName.toLowerCase()}>`);
        }
        for (const attr of el.getAttributeNames()) {
          const value = el.getAttribute(attr) ?? '';
          if (attr.startsWith('on')) problems.push(`${attr} on <${el.tagName.toLowerCase()}>`);
          if (['href', 'src', 'action', 'formaction', 'data', 'srcdoc', 'xlink:href'].includes(attr) && /^\s*(javascript|vbscript|data):/i.test([...value].filter((c) => c >= ' ').join(''))) problems.push(`${attr}="${value}" on <${el.tagName.toLowerCase()}>`);
          if (attr === 'srcdoc') problems.push(`srcdoc on <${el.tagName.toLowerCase()}>`);
        }
        return problems;
      });
      return [...calls, ...dangerous];
    });
    ran.push(...found.map((f) => `${where}: ${f}`));
  };
  return { ran, inspect };
}

async function loadPage(page: Page, pathname: string) {
  await page.goto(pathname);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Two frames after the content is in: late handlers (onload of an image, autofocus) have had their turn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe('stored XSS on the public content pages', () => {
  // One page: the plain text first, then the watchers' own check on what it shows.
  it('shows plain text that looks like markup as text; the watchers see a payload that runs (the test can fail)', async ({ onTestFinished }) => {
    const admin = await cmsAdmin(e2e.server);
    expect((await admin.post('/api/home-page/cms', { hero_title_en: 'Tom & Jerry <b>bold</b> 1 < 2', hero_text_en: '&lt;i&gt;x&lt;/i&gt; "quoted"' })).status).toBe(200);
    const { page } = await e2e.open({}, onTestFinished);
    const { ran, inspect } = await watch(page);
    await seedStorage(page, { language: 'en' });
    await loadPage(page, '/');
    const title = page.getByTestId('home-hero-title');
    expect(await title.textContent()).toBe('Tom & Jerry bold 1 < 2');
    expect(await title.evaluate((el) => el.children.length)).toBe(0);
    expect(await page.getByTestId('home-hero-text').textContent()).toBe('x "quoted"');
    expect(await page.getByTestId('home-hero-text').evaluate((el) => el.children.length)).toBe(0);

    await page.evaluate(() => {
      const box = document.createElement('div');
      box.className = 'cms-rich';
      box.innerHTML = '<img src="x" onerror="__xss(-1)"><a href="javascript:__xss(-2)">x</a>';
      document.querySelector('main')!.append(box);
    });
    // The image's handler has had its turn once it ran or the CSP refused it.
    await page.waitForFunction(() => (window as unknown as { __xssCalls: string[] }).__xssCalls.length > 0);
    await inspect('self-check');
    expect(ran.join('\n')).toMatch(/CSP script-src-attr|__xss\(-1\)/);
    expect(ran.join('\n')).toMatch(/onerror on <img>/);
    expect(ran.join('\n')).toMatch(/href="javascript:__xss\(-2\)"/);
  });

  it(`runs none of the ${XSS_PAYLOADS.length} payloads saved through every field, in Arabic and English`, async ({ onTestFinished }) => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    const admin = await cmsAdmin(e2e.server);
    const images = [];
    for (let i = 0; i < HALF; i += 1) images.push(await admin.addImage({ alt_ar: `صورة ${i}`, alt_en: `Picture ${i}`, position: i }, i + 1));
    const { page } = await e2e.open({}, onTestFinished);
    const { ran, inspect } = await watch(page);
    let stored = 0;
    for (const [half, language] of (['ar', 'en'] as const).entries()) {
      const start = half * HALF;
      const group = XSS_PAYLOADS.slice(start, start + HALF);
      const saves = [];
      const entries: number[] = [];
      // What the API stores on its own (a NUL character refuses the whole input, 400): those go into the
      // shared fields too, where one refused payload would keep all the others out.
      const storable: string[] = [];
      for (const [i, payload] of group.entries()) {
        const entry = await admin.post('/api/privacy-policy/cms', { title_ar: `ت ${payload}`, title_en: `t ${payload}`, body_ar: payload, body_en: payload });
        saves.push(entry);
        if (entry.status === 200) {
          entries.push(entry.body.data.entries.at(-1)!.id);
          storable.push(payload);
        }
        saves.push(await admin.post(`/api/home-page/cms/image/update/${images[i]!.id}`, { alt_ar: `ص ${payload}`, alt_en: `p ${payload}`, title_ar: payload, title_en: payload, position: i }));
      }
      // A save stores (200) or refuses the whole input (400, e.g. a NUL character); nothing else.
      for (const save of saves) expect([200, 400]).toContain(save.status);
      // The rich texts hold every payload at once; the plain ones as many as their limits let in, each
      // starting elsewhere in the list. These must store, or their fields would go unchecked.
      const joined = storable.join('\n');
      const at = (fraction: number) => Math.floor(storable.length * fraction);
      const address = packed(storable, CMS_LIMITS.text, 0);
      const heroText = packed(storable, CMS_LIMITS.text, at(1 / 2));
      const heroTitle = packed(storable, CMS_LIMITS.title, at(1 / 4));
      const ctaLabel = packed(storable, CMS_LIMITS.label, at(3 / 4));
      const shared = [
        await admin.post('/api/about-us/cms', { body_ar: joined, body_en: joined }),
        await admin.post('/api/contact-us/cms', { text_ar: joined, text_en: joined, address_ar: address, address_en: address }),
        await admin.post('/api/home-page/cms', { hero_title_ar: heroTitle, hero_title_en: heroTitle, hero_text_ar: heroText, hero_text_en: heroText, cta_label_ar: ctaLabel, cta_label_en: ctaLabel, cta_link: '/search' }),
      ];
      expect(shared.map((save) => save.status)).toEqual([200, 200, 200]);
      stored += [...saves, ...shared].filter((s) => s.status === 200).length;
      await seedStorage(page, { language });
      for (const pathname of PAGES) {
        await loadPage(page, pathname);
        await inspect(`${pathname} (${language}, payloads ${start}-${start + group.length - 1})`);
      }
      for (const id of entries) await admin.get(`/api/privacy-policy/cms/delete/${id}`);
    }
    expect(stored).toBeGreaterThan(XSS_PAYLOADS.length);
    expect(ran).toEqual([]);
  }, 600_000);
});
