import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { eq } from 'drizzle-orm';
import { apiSuite, signedIn, testDatabase } from '../../../test/harness';
import { cmsPages } from '../../db/schema';
import { HOSTILE, REAL } from '../../../test/upload-corpus';
import { ALLOWED_RICH_ATTRIBUTES, ALLOWED_RICH_TAGS, DANGEROUS_TAGS, XSS_PAYLOADS, isSafeHref } from '../../../test/xss-corpus';
import { multipartWithFields } from '../authoring/authoring.test-kit';
import { presentAbout, presentContact, presentHome } from './cms.presenter';

const suite = apiSuite({ ownDataDir: 'nibras-cms-' });
const uploads = path.join(suite.dataDir, 'uploads');
let admin: Record<string, string>;
beforeAll(async () => {
  admin = { ...(await signedIn(suite.app, 'admin')).auth, 'accept-language': 'en' };
});

const post = (url: string, payload: unknown) => suite.inject({ method: 'POST', url, headers: admin, payload: payload as Record<string, unknown> });
const adminGet = (url: string) => suite.inject({ method: 'GET', url, headers: admin });
const publicGet = (url: string, lang = 'en') => suite.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
function ok(res: { statusCode: number; body: string; json: () => { data: unknown } }) {
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body.slice(0, 400)}`);
  return res.json().data as Record<string, unknown> & { entries: Record<string, unknown>[]; images: Record<string, unknown>[] };
}

const imageFields = { alt_ar: 'طلاب في قاعة', alt_en: 'Students in a hall', title_ar: 'تعلّم', title_en: 'Learn', link: '/search', position: 1 };
const uploadImage = (fields: Record<string, string | number> = imageFields, file: { name: string; type: string; bytes: Buffer } = { name: 'hero.png', type: 'image/png', bytes: REAL.png }) => {
  const { payload, headers } = multipartWithFields(fields, file);
  return suite.inject({ method: 'POST', url: '/api/home-page/cms/image', headers: { ...admin, ...headers }, payload });
};

function elements(nodes: ChildNode[]): Element[] {
  return nodes.flatMap((node) => (node.type === 'tag' || node.type === 'script' || node.type === 'style' ? [node as Element, ...elements((node as Element).children)] : 'children' in node ? elements(node.children as ChildNode[]) : []));
}

/** What is wrong with stored rich text, parsed as a browser would meet it; empty when nothing. */
function richProblems(html: string): string[] {
  const problems: string[] = [];
  for (const el of elements(parseDocument(html, { lowerCaseAttributeNames: true, decodeEntities: true }).children)) {
    if (DANGEROUS_TAGS.has(el.name) || !ALLOWED_RICH_TAGS.has(el.name)) problems.push(`element <${el.name}>`);
    for (const [name, value] of Object.entries(el.attribs)) {
      const allowed = [...(ALLOWED_RICH_ATTRIBUTES[el.name] ?? []), ...ALLOWED_RICH_ATTRIBUTES['*']!];
      if (name.startsWith('on') || !allowed.includes(name)) problems.push(`attribute ${name} on <${el.name}>`);
      if (name === 'href' && !isSafeHref(value)) problems.push(`href ${JSON.stringify(value)}`);
    }
  }
  return problems;
}

/** Plain text must hold no markup at all: parsed as HTML, it is text only. */
function plainProblems(text: string): string[] {
  const found = elements(parseDocument(text, { decodeEntities: true }).children).map((el) => `element <${el.name}> in plain text`);
  if (/[\u202a-\u202e\u2066-\u2069]/.test(text)) found.push('bidirectional control in plain text');
  return found;
}

describe('content pages', () => {
  it('answers every view to anyone, and empty fields for a page never saved', async () => {
    for (const url of ['/api/home-page/cms/view', '/api/contact-us/cms/view', '/api/about-us/cms/view', '/api/privacy-policy/cms/view']) {
      const res = await publicGet(url);
      expect(res.statusCode, url).toBe(200);
    }
    // Other test files share this database (and may have saved pages): a page never saved is the presenter's null.
    expect(presentAbout(null)).toEqual({ body_ar: '', body_en: '', updatedAt: null });
    expect(presentHome(null, [])).toMatchObject({ hero_title_ar: '', cta_link: '', images: [], updatedAt: null });
    expect(presentContact(null)).toMatchObject({ email: '', text_en: '', updatedAt: null });
  });

  it('saves the home hero, the contact details and the about text, in both languages', async () => {
    const home = ok(await post('/api/home-page/cms', { hero_title_ar: 'نبراس', hero_title_en: 'Nibras', hero_text_ar: 'تعلّم', hero_text_en: 'Learn', cta_label_ar: 'ابدأ', cta_label_en: 'Start', cta_link: '/search?q=x' }));
    expect(home).toMatchObject({ hero_title_ar: 'نبراس', hero_title_en: 'Nibras', cta_link: '/search?q=x' });
    expect(home.updatedAt).toEqual(expect.any(String));
    const contact = ok(await post('/api/contact-us/cms', { address_ar: 'الرياض', address_en: 'Riyadh', phone: '+966 11 000 0000', email: 'team@nibras.example', text_ar: '<p>أهلًا <strong>بك</strong></p>', text_en: '<p>Hello</p>' }));
    expect(contact).toMatchObject({ address_en: 'Riyadh', phone: '+966 11 000 0000', text_ar: '<p>أهلًا <strong>بك</strong></p>' });
    const about = ok(await post('/api/about-us/cms', { body_ar: '<h2>قصتنا</h2><p>نص</p>', body_en: '<p><a href="/search">Browse</a> <a href="mailto:a@b.co">mail</a></p>' }));
    expect(about.body_en).toBe('<p><a href="/search" rel="noopener noreferrer nofollow" target="_blank">Browse</a> <a href="mailto:a@b.co" rel="noopener noreferrer nofollow" target="_blank">mail</a></p>');
    expect(ok(await publicGet('/api/contact-us/cms/view'))).toMatchObject({ address_ar: 'الرياض', email: 'team@nibras.example' });
  });

  it('refuses a link to another site, a bad email and unknown fields, field by field', async () => {
    for (const cta_link of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'search', '/a b']) {
      const res = await post('/api/home-page/cms', { cta_link });
      expect(res.statusCode, cta_link).toBe(400);
      expect(res.json().errors.cta_link, cta_link).toBe('Enter a path of this site starting with / (such as /search), or leave it empty.');
    }
    const contact = await post('/api/contact-us/cms', { email: 'not-an-email', phone: '<b>1</b>' });
    expect(contact.statusCode).toBe(400);
    expect(Object.keys(contact.json().errors).sort()).toEqual(['email', 'phone']);
    expect((await post('/api/about-us/cms', { body_ar: 'x', script: 'y' })).statusCode).toBe(400);
  });

  it('refuses a lone UTF-16 surrogate in any field of the home, contact and about pages with a 400 naming the field, and keeps the saved page (issue 25, point 3)', async () => {
    const pages = {
      '/api/home-page/cms': { hero_title_ar: 'نبراس', hero_title_en: 'Nibras', hero_text_ar: 'تعلّم', hero_text_en: 'Learn', cta_label_ar: 'ابدأ', cta_label_en: 'Start', cta_link: '/search' },
      '/api/contact-us/cms': { address_ar: 'الرياض', address_en: 'Riyadh', phone: '+966 11 000 0000', email: 'team@nibras.example', text_ar: '<p>أهلًا</p>', text_en: '<p>Hello</p>' },
      '/api/about-us/cms': { body_ar: '<p>قصتنا</p>', body_en: '<p>Our story</p>' },
    };
    for (const [url, valid] of Object.entries(pages)) {
      const saved = ok(await post(url, valid));
      for (const field of Object.keys(valid)) {
        // JSON.stringify writes the lone half as the escape "\ud800": valid JSON, but not text.
        for (const bad of ['\ud800', `${(valid as Record<string, string>)[field]} \udfff`]) {
          const res = await post(url, { ...valid, [field]: bad });
          expect(res.statusCode, `${url} ${field}`).toBe(400);
          expect(res.json().errors, `${url} ${field}`).toEqual({ [field]: 'This holds a character that is not valid text. Please type it again.' });
        }
      }
      expect(ok(await adminGet(`${url}/view`)).updatedAt).toBe(saved.updatedAt);
    }
  });

  it('serves a saved page at once to anonymous readers, though their reads are cached', async () => {
    const first = ok(await publicGet('/api/about-us/cms/view', 'ar'));
    const again = await publicGet('/api/about-us/cms/view', 'ar');
    expect(ok(again)).toEqual(first);
    const marker = `<p>version ${Date.now()}</p>`;
    ok(await post('/api/about-us/cms', { body_ar: marker, body_en: marker }));
    expect(ok(await publicGet('/api/about-us/cms/view', 'ar')).body_ar).toBe(marker);
    // The same for the privacy entries and the home images.
    ok(await publicGet('/api/privacy-policy/cms/view'));
    const entry = ok(await post('/api/privacy-policy/cms', { title_ar: 'ملفات', title_en: `Cookies ${marker}`, body_ar: '', body_en: '' })).entries.at(-1)!;
    expect(ok(await publicGet('/api/privacy-policy/cms/view')).entries.map((e) => e.id)).toContain(entry.id);
    ok(await adminGet(`/api/privacy-policy/cms/delete/${entry.id}`));
    expect(ok(await publicGet('/api/privacy-policy/cms/view')).entries.map((e) => e.id)).not.toContain(entry.id);
    ok(await publicGet('/api/home-page/cms/view'));
    const image = ok(await uploadImage());
    expect(ok(await publicGet('/api/home-page/cms/view')).images.map((i) => i.id)).toContain(image.id);
    ok(await adminGet(`/api/home-page/cms/image/delete/${image.id}`));
    expect(ok(await publicGet('/api/home-page/cms/view')).images.map((i) => i.id)).not.toContain(image.id);
  });
});

describe('the views are cached, so the saves must drop them', () => {
  it('a change made behind the service is not seen until an admin saves (the cache is really in use)', async () => {
    const marker = `<p>kept ${Date.now()}</p>`;
    ok(await post('/api/about-us/cms', { body_ar: marker, body_en: marker }));
    expect(ok(await publicGet('/api/about-us/cms/view', 'en')).body_en).toBe(marker);
    // Written straight to the database: no invalidation.
    const { db } = await testDatabase();
    await db.update(cmsPages).set({ content: { body_ar: '<p>behind</p>', body_en: '<p>behind</p>' } }).where(eq(cmsPages.page, 'about'));
    expect(ok(await publicGet('/api/about-us/cms/view', 'en')).body_en).toBe(marker);
    // A token is never answered from the cache.
    expect(ok(await adminGet('/api/about-us/cms/view')).body_en).toBe('<p>behind</p>');
    const saved = `<p>saved ${Date.now()}</p>`;
    ok(await post('/api/about-us/cms', { body_ar: saved, body_en: saved }));
    expect(ok(await publicGet('/api/about-us/cms/view', 'en')).body_en).toBe(saved);
  });
});

describe('privacy entries', () => {
  it('adds, orders by position, changes and deletes entries', async () => {
    const before = ok(await publicGet('/api/privacy-policy/cms/view')).entries.length;
    const a = ok(await post('/api/privacy-policy/cms', { title_ar: 'ب', title_en: 'B', body_ar: '<p>ب</p>', body_en: '<p>B</p>', position: 20 })).entries;
    const b = ok(await post('/api/privacy-policy/cms', { title_ar: 'أ', title_en: 'A', body_ar: '<p>أ</p>', body_en: '<p>A</p>', position: 10 })).entries;
    expect(b).toHaveLength(before + 2);
    const idA = a.find((e) => e.title_en === 'B')!.id as number;
    const idB = b.find((e) => e.title_en === 'A')!.id as number;
    expect(b.findIndex((e) => e.id === idB)).toBeLessThan(b.findIndex((e) => e.id === idA));
    const changed = ok(await post('/api/privacy-policy/cms', { id: idA, title_ar: 'ب٢', title_en: 'B2', body_ar: '', body_en: '<p>B2</p>', position: 0 })).entries;
    expect(changed.find((e) => e.id === idA)).toMatchObject({ title_en: 'B2', body_en: '<p>B2</p>', position: 0 });
    expect(changed.findIndex((e) => e.id === idA)).toBeLessThan(changed.findIndex((e) => e.id === idB));
    expect(ok(await adminGet(`/api/privacy-policy/cms/delete/${idA}`)).entries.map((e) => e.id)).not.toContain(idA);
    expect((await adminGet(`/api/privacy-policy/cms/delete/${idA}`)).statusCode).toBe(404);
    expect((await post('/api/privacy-policy/cms', { id: idA, title_ar: 'x', title_en: 'x' })).statusCode).toBe(404);
    const missing = await post('/api/privacy-policy/cms', { title_ar: '', title_en: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['title_ar', 'title_en']);
  });
});

describe('home images', () => {
  it('adds an image checked by content, serves it, edits its texts and deletes it with its file', async () => {
    const added = ok(await uploadImage());
    expect(added).toMatchObject({ ...imageFields, url: `/api/home-page/cms/image/view/${added.id}` });
    const file = await publicGet(added.url as string);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(REAL.png)).toBe(true);
    expect(ok(await adminGet(`/api/home-page/cms/image/edit/${added.id}`))).toEqual(added);
    const changed = ok(await post(`/api/home-page/cms/image/update/${added.id}`, { ...imageFields, alt_en: 'A hall', link: '', position: 3 }));
    expect(changed).toMatchObject({ alt_en: 'A hall', link: '', position: 3 });
    const view = ok(await publicGet('/api/home-page/cms/view'));
    expect(view.images.find((i) => i.id === added.id)).toMatchObject({ alt_en: 'A hall' });
    const stored = path.join(uploads, 'home');
    expect(existsSync(stored)).toBe(true);
    ok(await adminGet(`/api/home-page/cms/image/delete/${added.id}`));
    expect((await publicGet(added.url as string)).statusCode).toBe(404);
    expect((await adminGet(`/api/home-page/cms/image/edit/${added.id}`)).statusCode).toBe(404);
    expect((await post(`/api/home-page/cms/image/update/${added.id}`, imageFields)).statusCode).toBe(404);
    expect((await adminGet(`/api/home-page/cms/image/delete/${added.id}`)).statusCode).toBe(404);
  });

  it('orders the carousel by position', async () => {
    const late = ok(await uploadImage({ ...imageFields, position: 900 }));
    const early = ok(await uploadImage({ ...imageFields, position: 800 }));
    const ids = ok(await publicGet('/api/home-page/cms/view')).images.map((i) => i.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
  });

  it('refuses hostile files, files without alt text and off-site links, storing nothing', async () => {
    for (const [what, name, type, bytes] of HOSTILE.slice(0, 8)) {
      const res = await uploadImage(imageFields, { name, type, bytes });
      expect([413, 415, 400], what).toContain(res.statusCode);
      expect(res.json().errors.file, what).toBeTruthy();
    }
    const noAlt = await uploadImage({ ...imageFields, alt_ar: '', link: 'https://evil.example' });
    expect(noAlt.statusCode).toBe(400);
    expect(Object.keys(noAlt.json().errors).sort()).toEqual(['alt_ar', 'link']);
  });
});

describe('stored XSS', () => {
  it(`keeps nothing executable from ${XSS_PAYLOADS.length} payloads in any rich or plain field`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
    const image = ok(await uploadImage());
    const problems: string[] = [];
    const check = (payload: string, where: string, value: unknown, kind: 'rich' | 'plain') => {
      for (const p of kind === 'rich' ? richProblems(String(value)) : plainProblems(String(value))) problems.push(`${where}: ${p} from ${JSON.stringify(payload)}`);
    };
    let refused = 0;
    /** A save either stores (200) or refuses the whole input (400: a NUL character, say); anything else is a failure. */
    const save = async (payload: string, url: string, body: Record<string, unknown>) => {
      const res = await post(url, body);
      if (res.statusCode === 400) refused += 1;
      else if (res.statusCode !== 200) problems.push(`${url} answered ${res.statusCode} for ${JSON.stringify(payload)}`);
      return res.statusCode === 200 ? ok(res) : null;
    };
    for (const payload of XSS_PAYLOADS) {
      const home = await save(payload, '/api/home-page/cms', { hero_title_ar: payload, hero_title_en: payload, hero_text_ar: payload, hero_text_en: payload, cta_label_ar: payload, cta_label_en: payload });
      await save(payload, '/api/contact-us/cms', { address_ar: payload, address_en: payload, text_ar: payload, text_en: payload });
      const about = await save(payload, '/api/about-us/cms', { body_ar: payload, body_en: payload });
      const privacy = (await save(payload, '/api/privacy-policy/cms', { title_ar: `t ${payload}`, title_en: `t ${payload}`, body_ar: payload, body_en: payload }))?.entries.at(-1);
      await save(payload, `/api/home-page/cms/image/update/${image.id}`, { ...imageFields, alt_ar: `a ${payload}`, alt_en: `a ${payload}`, title_ar: payload, title_en: payload });
      // What is served, not only what the save answered.
      const served = {
        home: ok(await publicGet('/api/home-page/cms/view')),
        contact: ok(await publicGet('/api/contact-us/cms/view')),
        about: ok(await publicGet('/api/about-us/cms/view')),
        privacy: ok(await publicGet('/api/privacy-policy/cms/view')).entries,
        image: ok(await adminGet(`/api/home-page/cms/image/edit/${image.id}`)),
      };
      for (const lang of ['ar', 'en']) {
        for (const f of ['hero_title', 'hero_text', 'cta_label']) {
          if (home) check(payload, `home.${f}_${lang}`, home[`${f}_${lang}`], 'plain');
          check(payload, `served home.${f}_${lang}`, served.home[`${f}_${lang}`], 'plain');
        }
        check(payload, `contact.address_${lang}`, served.contact[`address_${lang}`], 'plain');
        check(payload, `contact.text_${lang}`, served.contact[`text_${lang}`], 'rich');
        if (about) check(payload, `about.body_${lang}`, about[`body_${lang}`], 'rich');
        check(payload, `served about.body_${lang}`, served.about[`body_${lang}`], 'rich');
        for (const entry of served.privacy) {
          check(payload, `privacy.title_${lang}`, entry[`title_${lang}`], 'plain');
          check(payload, `privacy.body_${lang}`, entry[`body_${lang}`], 'rich');
        }
        for (const img of served.home.images) {
          check(payload, `image.alt_${lang}`, img[`alt_${lang}`], 'plain');
          check(payload, `image.title_${lang}`, img[`title_${lang}`], 'plain');
        }
        check(payload, `image.alt_${lang}`, served.image[`alt_${lang}`], 'plain');
      }
      if (privacy) await adminGet(`/api/privacy-policy/cms/delete/${privacy.id}`);
    }
    // Refusing everything would pass the checks above: most saves must have been stored.
    expect(refused).toBeLessThan(XSS_PAYLOADS.length / 4);
    expect(problems).toEqual([]);
  }, 120_000);

  it('finds a dangerous element and attribute when they are there (the checks can fail)', () => {
    expect(richProblems('<p onclick="x()">a</p><img src=x onerror=y()><a href="javascript:z()">l</a>')).toEqual([
      'attribute onclick on <p>',
      'element <img>',
      'attribute src on <img>',
      'attribute onerror on <img>',
      'href "javascript:z()"',
    ]);
    expect(richProblems('<a href="&#106;avascript:z()">l</a>')).toEqual(['href "javascript:z()"']);
    expect(plainProblems('1 < 2 <b>x</b>')).toEqual(['element <b> in plain text']);
  });

  it('keeps plain text that only looks like markup as text', async () => {
    const home = ok(await post('/api/home-page/cms', { hero_title_en: '1 < 2 & "R&D" <b>bold</b>' }));
    expect(home.hero_title_en).toBe('1 < 2 & "R&D" bold');
  });
});
