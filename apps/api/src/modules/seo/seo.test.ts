import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { findAll, textContent } from 'domutils';
import type { Document, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { ratings } from '../../db/schema';
import { translate } from '../../lib/i18n';
import { apiSuite, createUser, testDatabase } from '../../../test/harness';
import { createCategory, createCourse, setCourse } from '../../../test/factories';
import type { RoutePreloads } from './route-preloads';

const PUBLIC_URL = 'https://nibras.example';
const suite = apiSuite({
  config: () => {
    // The web app's own page template: the head is written into it, so its markers are checked too.
    const webDist = mkdtempSync(path.join(tmpdir(), 'nibras-seo-'));
    copyFileSync(fileURLToPath(new URL('../../../../web/index.html', import.meta.url)), path.join(webDist, 'index.html'));
    // The build adds a preload of the Arabic catalog to the head (vite.config.ts, preloadTranslations), as here.
    const built = readFileSync(path.join(webDist, 'index.html'), 'utf8').replace(
      '</head>',
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/assets/i18n/translations/ar.json">\n</head>',
    );
    writeFileSync(path.join(webDist, 'index.html'), built);
    // What the build lists for the public addresses (apps/web/vite-plugins/route-preloads.ts), in small.
    const preloads: RoutePreloads = {
      routes: [{ pattern: '^/$', scripts: ['/build/home-page-x.js'], styles: ['/build/home-page-x.css'], sheets: ['/build/public-x.css'], data: ['/api/public/home'] }],
      fonts: { ar: ['/build/tajawal-x.woff2', '/build/poppins-x.woff2'], en: ['/build/poppins-x.woff2'] },
    };
    writeFileSync(path.join(webDist, 'route-preloads.json'), JSON.stringify(preloads));
    return { webDist, publicUrl: PUBLIC_URL };
  },
});

/** Elements named `tag` whose attributes pass `test`. */
function elements(doc: Document, tag: string, test: (attribs: Record<string, string>) => boolean = () => true): Element[] {
  return findAll((e) => e.name === tag && test(e.attribs), doc.children);
}

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await suite.inject({ method: 'GET', url, headers });
  const doc = parseDocument(res.body);
  const html = elements(doc, 'html')[0]?.attribs ?? {};
  const meta = (key: 'name' | 'property', prefix: string) =>
    Object.fromEntries(elements(doc, 'meta', (a) => (a[key] ?? '').startsWith(prefix)).map((e) => [e.attribs[key], e.attribs.content]));
  const scripts = elements(doc, 'script', (a) => a.type === 'application/ld+json');
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.body,
    lang: html.lang,
    dir: html.dir,
    title: elements(doc, 'title').map((e) => textContent(e))[0],
    description: meta('name', 'description').description,
    robots: meta('name', 'robots').robots,
    canonical: elements(doc, 'link', (a) => a.rel === 'canonical')[0]?.attribs.href,
    alternates: Object.fromEntries(elements(doc, 'link', (a) => a.rel === 'alternate').map((e) => [e.attribs.hreflang, e.attribs.href])),
    og: meta('property', 'og:'),
    twitter: meta('name', 'twitter:'),
    preloads: elements(doc, 'link', (a) => a.rel === 'preload').map((e) => e.attribs.href),
    catalogs: elements(doc, 'link', (a) => a.rel === 'preload' && (a.href ?? '').startsWith('/assets/i18n/')).map((e) => e.attribs.href),
    modulepreloads: elements(doc, 'link', (a) => a.rel === 'modulepreload').map((e) => e.attribs.href),
    ldCount: scripts.length,
    jsonLd: scripts[0] ? (JSON.parse(textContent(scripts[0])) as Record<string, unknown>) : null,
  };
}

describe('the HTML the server sends for public pages', () => {
  it('home: title, description, canonical, both languages linked, Open Graph and Twitter cards, in Arabic by default and in English by ?lang=en', async () => {
    const ar = await page('/');
    expect(ar.status).toBe(200);
    expect([ar.lang, ar.dir]).toEqual(['ar', 'rtl']);
    expect(ar.title).toBe(`${translate('ar', 'home.title')} | نبراس`);
    expect(ar.description).toBe(translate('ar', 'home.subtitle'));
    expect(ar.robots).toBeUndefined();
    expect(ar.canonical).toBe(`${PUBLIC_URL}/`);
    expect(ar.alternates).toEqual({ ar: `${PUBLIC_URL}/`, en: `${PUBLIC_URL}/?lang=en`, 'x-default': `${PUBLIC_URL}/` });
    expect(ar.og).toMatchObject({ 'og:url': `${PUBLIC_URL}/`, 'og:locale': 'ar_AR', 'og:image': `${PUBLIC_URL}/og-image.png`, 'og:title': ar.title });
    expect(ar.twitter).toMatchObject({ 'twitter:card': 'summary_large_image', 'twitter:title': ar.title });

    const en = await page('/?lang=en');
    expect([en.lang, en.dir]).toEqual(['en', 'ltr']);
    expect(en.title).toBe('Light your way with new knowledge | Nibras');
    expect(en.canonical).toBe(`${PUBLIC_URL}/?lang=en`);
    expect(en.og['og:locale']).toBe('en_US');
    // Each page preloads its own catalog only: an Arabic page reads its English fallback when the visitor switches (issue 26, point 9).
    expect(ar.catalogs).toEqual(['/assets/i18n/translations/ar.json']);
    expect(en.catalogs).toEqual(['/assets/i18n/translations/en.json']);
  });

  it("names a public page's screens, style sheets, first data and its language's fonts in its head, after the app's own links; other addresses get none", async () => {
    const ar = await page('/');
    expect(ar.modulepreloads).toEqual(['/build/home-page-x.js']);
    expect(ar.preloads).toEqual(['/assets/i18n/translations/ar.json', '/api/public/home', '/build/tajawal-x.woff2', '/build/poppins-x.woff2', '/build/home-page-x.css', '/build/public-x.css']);
    expect(ar.body.indexOf('home-page-x.js')).toBeGreaterThan(ar.body.indexOf('/assets/i18n/translations/ar.json'));
    const en = await page('/?lang=en');
    expect(en.preloads).toEqual(['/assets/i18n/translations/en.json', '/api/public/home', '/build/poppins-x.woff2', '/build/home-page-x.css', '/build/public-x.css']);
    const about = await page('/about');
    expect([about.modulepreloads, about.catalogs, about.preloads.length]).toEqual([[], ['/assets/i18n/translations/ar.json'], 1]);
  });

  it('follows the language the visitor chose (its cookie) when the address names none, and says so to caches', async () => {
    const chosen = await page('/about', { cookie: 'other=1; language=en' });
    expect(chosen.lang).toBe('en');
    expect(chosen.title).toBe('About Nibras | Nibras');
    expect(String(chosen.headers.vary)).toMatch(/cookie/i);
    expect((await page('/about?lang=ar', { cookie: 'language=en' })).lang).toBe('ar');
    expect((await page('/about', { cookie: 'language=fr' })).lang).toBe('ar');
  });

  it('course details: the cover as the card image, and JSON-LD Course with its rating, provider and instructor', async () => {
    const { db } = await testDatabase();
    const instructor = await createUser('instructor', { name: 'Hala Mansour' });
    const course = await createCourse({ instructorId: instructor.id, title: 'Data </script><script>alert(1)</script> basics', subtitle: 'Clean, shape and chart your data', price: 25, language: 'en' });
    await setCourse(db, course.id, { coverImage: `cover-${course.id}.png` });
    for (const [i, rating] of [5, 4].entries()) {
      const p = await createUser('participant', { name: `Rater ${i}` });
      await db.insert(ratings).values({ participantId: p.id, courseId: course.id, rating, message: 'ok' });
    }
    const en = await page(`/course-details/${course.id}?lang=en`);
    expect(en.status).toBe(200);
    expect(en.title).toBe(`${course.title} | Nibras`);
    expect(en.description).toBe('Clean, shape and chart your data');
    expect(en.og['og:type']).toBe('article');
    expect(en.og['og:image']).toMatch(new RegExp(`^${PUBLIC_URL}/api/`));
    expect(en.twitter['twitter:image']).toBe(en.og['og:image']);
    // The title's markup stays text inside the attributes and the one JSON-LD script.
    expect(en.body).not.toContain('<script>alert(1)');
    expect(en.ldCount).toBe(1);
    expect(en.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: course.title,
      description: 'Clean, shape and chart your data',
      url: `${PUBLIC_URL}/course-details/${course.id}`,
      inLanguage: 'en',
      image: en.og['og:image'],
      provider: { '@type': 'Organization', name: 'Nibras', url: `${PUBLIC_URL}/` },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2, bestRating: 5 },
      offers: { '@type': 'Offer', price: 25, category: 'Paid' },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online', instructor: { '@type': 'Person', name: 'Hala Mansour' } },
    });
    const ar = await page(`/course-details/${course.id}`);
    expect(ar.jsonLd).toMatchObject({ provider: { name: 'نبراس' } });
    expect(ar.canonical).toBe(`${PUBLIC_URL}/course-details/${course.id}`);
  });

  it('an unrated course has no aggregateRating (an empty one is invalid structured data)', async () => {
    const course = await createCourse();
    expect((await page(`/course-details/${course.id}`)).jsonLd).not.toHaveProperty('aggregateRating');
  });

  it('a category by id or slug has one canonical address (its slug) and its name in the language', async () => {
    const category = await createCategory({ nameAr: 'البيانات', nameEn: 'Data' });
    await createCourse({ categoryId: category.id });
    const byId = await page(`/category/${category.id}?lang=en`);
    expect(byId.title).toBe('Data | Nibras');
    expect(byId.canonical).toBe(`${PUBLIC_URL}/category/${category.slug}?lang=en`);
    expect(byId.description).toBe(translate('en', 'api.seo.category.description', { name: 'Data' }));
    const ar = await page(`/category/${category.slug}`);
    expect(ar.title).toBe('البيانات | نبراس');
  });

  it('search: the words in the title and the canonical address', async () => {
    const res = await page('/search?q=%D8%A8%D8%A7%D9%8A%D8%AB%D9%88%D9%86&lang=en&page=2');
    expect(res.title).toBe('Results for “بايثون” | Nibras');
    expect(res.description).toBe(translate('en', 'api.seo.search.descriptionFor', { q: 'بايثون' }));
    expect(res.canonical).toBe(`${PUBLIC_URL}/search?q=%D8%A8%D8%A7%D9%8A%D8%AB%D9%88%D9%86&lang=en`);
    expect(res.robots).toBeUndefined();
  });

  it('an unknown, pending or deleted course and an unknown category answer 404 with noindex (the app still renders its not-found screen)', async () => {
    const pending = await createCourse({ approveStatus: 'pending' });
    for (const url of [`/course-details/${pending.id}`, '/course-details/999999999', '/category/no-such-category']) {
      const res = await page(url);
      expect(res.status, url).toBe(404);
      expect(res.robots, url).toBe('noindex');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.jsonLd, url).toBeNull();
    }
  });

  it('keeps the sign-in screens and the role areas out of search engines', async () => {
    for (const url of ['/participant/login', '/instructor/register', '/admin/dashboard', '/reset-password/1/2/abc', '/newsletter/confirm/abc', '/newsletter/unsubscribe/abc']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.robots, url).toBe('noindex');
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is plain text: the public site allowed, the role areas not, and the sitemap named', async () => {
    const res = await suite.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /admin/', 'Disallow: /instructor/', 'Disallow: /participant/', `Sitemap: ${PUBLIC_URL}/sitemap.xml`]));
    expect(res.body).not.toContain('<html');
  });

  it('sitemap.xml lists the public courses and the categories that hold them, each in both languages, and nothing private', async () => {
    const category = await createCategory();
    const empty = await createCategory();
    const course = await createCourse({ categoryId: category.id });
    const pending = await createCourse({ categoryId: category.id, approveStatus: 'pending' });
    const res = await suite.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const doc = parseDocument(res.body, { xmlMode: true });
    const locs = elements(doc, 'loc').map((e) => textContent(e));
    expect(locs).toEqual(expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/?lang=en`, `${PUBLIC_URL}/course-details/${course.id}`, `${PUBLIC_URL}/course-details/${course.id}?lang=en`, `${PUBLIC_URL}/category/${category.slug}`]));
    expect(locs).not.toContain(`${PUBLIC_URL}/course-details/${pending.id}`);
    expect(locs).not.toContain(`${PUBLIC_URL}/category/${empty.slug}`);
    expect(locs.some((l) => /\/(admin|instructor|participant)\//.test(l))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });
});
