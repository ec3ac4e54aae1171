import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseDocument } from 'htmlparser2';
import { findAll, textContent } from 'domutils';
import type { Element } from 'domhandler';
import { describe, expect, it, vi } from 'vitest';
import { translate } from '../../lib/i18n';
import { apiSuite, testDatabase } from '../../../test/harness';
import { createCategory, createCourse } from '../../../test/factories';
import { refreshCourseSearchText } from '../search/search.service';
import { firstScreenRenderer } from './server-render';

// The public pages' first screen drawn by the server (docs/decisions/018), from the web app's real server build:
// `npm run build:web` (or the checks of `npm test`) writes apps/web/dist-server beside apps/web/dist.
const builtEntry = fileURLToPath(new URL('../../../../web/dist-server', import.meta.url));

const suite = apiSuite({
  config: () => {
    if (!existsSync(path.join(builtEntry, 'entry-server.js'))) throw new Error(`${builtEntry}/entry-server.js is missing: run npm run build:web first`);
    const base = mkdtempSync(path.join(tmpdir(), 'nibras-first-screen-'));
    const webDist = path.join(base, 'dist');
    mkdirSync(webDist);
    // The page template as built: the boot indicator in #root, which the drawing replaces.
    writeFileSync(path.join(webDist, 'index.html'), readFileSync(fileURLToPath(new URL('../../../../web/index.html', import.meta.url)), 'utf8'));
    symlinkSync(builtEntry, path.join(base, 'dist-server'));
    return { webDist };
  },
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await suite.inject({ method: 'GET', url, headers });
  const doc = parseDocument(res.body);
  const root = findAll((e) => e.attribs.id === 'root', doc.children)[0] as Element;
  const script = findAll((e) => e.name === 'script' && e.attribs.id === 'first-screen-data', doc.children)[0];
  return {
    status: res.statusCode,
    lang: findAll((e) => e.name === 'html', doc.children)[0]?.attribs.lang,
    colorScheme: findAll((e) => e.name === 'html', doc.children)[0]?.attribs['data-mantine-color-scheme'],
    root: textContent(root),
    bootIndicator: findAll((e) => e.attribs.id === 'boot-indicator', [root]).length > 0,
    scriptType: script?.attribs.type,
    data: script ? (JSON.parse(textContent(script)) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] }) : null,
    /** The footer's newsletter form as drawn: its field and button wait for the app (lib/taken-over.ts). */
    newsletter: (() => {
      const form = findAll((e) => e.attribs['data-testid'] === 'newsletter-form', [root])[0];
      const input = form && findAll((e) => e.name === 'input', [form])[0];
      const button = form && findAll((e) => e.name === 'button' && e.attribs.type === 'submit', [form])[0];
      return { readOnly: input ? 'readonly' in input.attribs : null, disabled: button ? 'disabled' in button.attribs : null };
    })(),
    /** The data script is the page's, after #root, not inside it. */
    scriptInRoot: findAll((e) => e.name === 'script', [root]).length > 0,
  };
}

/** A published course in its own category, with words found nowhere else, its search text built. */
async function catalogEntry() {
  const { db } = await testDatabase();
  const word = Array.from(randomBytes(6), (b) => 'bcdfghjklmnpqrstvwxz'[b % 20]).join('');
  const category = await createCategory({ nameAr: `فئة الخط ${word}`, nameEn: `Calligraphy ${word}` });
  const course = await createCourse({ categoryId: category.id, title: `Naskh script ${word}`, subtitle: `Letters and rules ${word}` });
  await refreshCourseSearchText(db, course.id);
  return { word, category, course };
}

describe("the public pages' first screen", () => {
  it('home, a category, a course and search carry their content in #root, in Arabic and in English, with their data', async () => {
    const { word, category, course } = await catalogEntry();
    for (const lang of ['ar', 'en'] as const) {
      const query = lang === 'en' ? '?lang=en' : '';
      const categoryName = lang === 'ar' ? category.nameAr : category.nameEn;

      const home = await page(`/${query}`);
      expect(home.status).toBe(200);
      expect(home.lang).toBe(lang);
      // Styled as the app will style it: Mantine's colour scheme on <html> from the start.
      expect(home.colorScheme).toBe('light');
      expect(home.bootIndicator).toBe(false);
      // The footer lists every category; the home page's own text is in the page's language.
      expect(home.root).toContain(categoryName);
      expect(home.root).toContain(translate(lang, 'cookie.message'));
      expect(home.scriptType).toBe('application/json');
      expect(home.scriptInRoot).toBe(false);
      // Plain HTML until the app takes it over: no typing the app would forget, no GET of the address by the browser.
      expect(home.newsletter).toEqual({ readOnly: true, disabled: true });
      const homeData = home.data!.queries.find((q) => JSON.stringify(q.queryKey) === '["catalog","home"]')!.state.data as { newestCourses: { title: string }[] };
      // What is drawn is what the data says: every newest course's title.
      for (const { title } of homeData.newestCourses) expect(home.root).toContain(title);

      const categoryPage = await page(`/category/${category.slug}${query}`);
      expect(categoryPage.status).toBe(200);
      expect(categoryPage.root).toContain(categoryName);
      expect(categoryPage.root).toContain(course.title);
      expect(JSON.stringify(categoryPage.data)).toContain(course.title);

      const details = await page(`/course-details/${course.id}${query}`);
      expect(details.status).toBe(200);
      expect(details.root).toContain(course.title);
      expect(details.root).toContain(`Letters and rules ${word}`);
      expect(details.root).toContain(translate(lang, 'details.outline.empty'));

      const search = await page(`/search?q=${word}${lang === 'en' ? '&lang=en' : ''}`);
      expect(search.status).toBe(200);
      expect(search.root).toContain(course.title);
      expect(search.root).toContain(translate(lang, 'search.title'));
      expect(JSON.stringify(search.data)).toContain(course.title);
    }
  });

  it("is the anonymous view whoever asks, and leaves out the cookie banner for a visitor whose cookie says they accepted it", async () => {
    const { course } = await catalogEntry();
    const withToken = await page(`/course-details/${course.id}`, { authorization: 'Bearer not-a-token', cookie: 'cookieConsent=true' });
    expect(withToken.status).toBe(200);
    expect(withToken.root).toContain(course.title);
    expect(withToken.root).not.toContain(translate('ar', 'cookie.message'));
    expect((await page(`/course-details/${course.id}`)).root).toContain(translate('ar', 'cookie.message'));
  });

  it('goes out compressed for a browser that accepts it (brotli, else gzip), and whole for one that does not', async () => {
    const { word, course } = await catalogEntry();
    const url = `/search?q=${word}`;
    const whole = await suite.inject({ method: 'GET', url });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body).toContain(course.title);
    const br = await suite.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(whole.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toContain(course.title);
    const gz = await suite.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toContain(course.title);
  });

  it('keeps the empty root elsewhere: an unknown course, the other pages, the areas', async () => {
    for (const url of ['/course-details/999999999', '/about', '/participant/login', '/admin']) {
      const other = await page(url);
      expect(other.bootIndicator, url).toBe(true);
      expect(other.data, url).toBeNull();
    }
  });
});

describe('when the server cannot draw a page', () => {
  /** A web build whose server entry does `render`. */
  function buildWith(render: string) {
    const base = mkdtempSync(path.join(tmpdir(), 'nibras-first-screen-broken-'));
    mkdirSync(path.join(base, 'dist-server'));
    writeFileSync(
      path.join(base, 'dist-server', 'entry-server.js'),
      `export const rendersOnServer = () => true;\nexport const startServerRendering = async () => {};\nexport const renderPage = ${render};\n`,
    );
    return path.join(base, 'dist');
  }

  it('answers nothing, and says why in the log, when rendering fails or takes too long', async () => {
    for (const render of ['async () => { throw new Error("broken page"); }', '() => new Promise(() => {})']) {
      const log = vi.fn();
      const draw = firstScreenRenderer(suite.app, { log }, buildWith(render), 50);
      expect(await draw({ url: '/', pathname: '/', language: 'ar', cookie: '' })).toBeNull();
      expect(log).toHaveBeenCalledWith('warn', expect.stringContaining('not drawn on the server'), expect.anything());
    }
  });

  it('answers nothing without a server build', async () => {
    const log = vi.fn();
    const draw = firstScreenRenderer(suite.app, { log }, path.join(mkdtempSync(path.join(tmpdir(), 'nibras-no-ssr-')), 'dist'));
    expect(await draw({ url: '/', pathname: '/', language: 'ar', cookie: '' })).toBeNull();
  });
});
