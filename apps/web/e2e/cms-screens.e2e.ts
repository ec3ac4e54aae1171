// test:area cms
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { png } from '../../api/test/media-files';
import { seedSession, takenOver, waitForPath } from './support/browser';
import { auditAll, axeViolations, LANGUAGES, settled, type Language } from './support/audit';
import { cmsAdmin, resetContentAfterAll } from './support/cms-admin';
import { apiLogin, newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

const e2e = e2eSuite({ dataDir: mkdtempSync(path.join(tmpdir(), 'nibras-cms-screens-e2e-')) }, { shareContext: true });
resetContentAfterAll(() => e2e.server);

const ADMIN_SCREENS = ['/admin/cms/home', '/admin/cms/contact', '/admin/cms/about', '/admin/cms/privacy'];
const PUBLIC_PAGES = ['/', '/about', '/contact-us', '/privacy-policy'];

// Saved content, so the screens show their lists, editors and the carousel, not only empty states.
beforeAll(async () => {
  const admin = await cmsAdmin(e2e.server);
  await admin.post('/api/home-page/cms', { hero_title_ar: 'تعلّم مع نبراس', hero_title_en: 'Learn with Nibras', cta_label_ar: 'ابحث', cta_label_en: 'Search', cta_link: '/search' });
  await admin.post('/api/contact-us/cms', { address_ar: 'الرياض', address_en: 'Riyadh', phone: '+966 11 000 0000', email: 'team@nibras.example', text_ar: '<p>نرد خلال يومين.</p>', text_en: '<p>We answer within two days.</p>' });
  await admin.post('/api/about-us/cms', { body_ar: '<h2>قصتنا</h2><p>نص <a href="/search">الدورات</a></p>', body_en: '<h2>Our story</h2><p>Text <a href="/search">courses</a></p>' });
  await admin.post('/api/privacy-policy/cms', { title_ar: 'ما نجمعه', title_en: 'What we collect', body_ar: '<p>الاسم والبريد.</p>', body_en: '<p>Name and email.</p>' });
  await admin.addImage({ alt_ar: 'طلاب يتعلمون', alt_en: 'Students learning', title_ar: 'ابدأ اليوم', title_en: 'Start today', link: '/search', position: 0 }, 3);
  await admin.addImage({ alt_ar: 'قاعة دراسية', alt_en: 'A classroom', position: 10 }, 5);
}, 60_000);

// Every content screen once per language: axe once, the layout at 1280 and at 375 px by resizing (support/audit.ts).
// The dialogs no address reaches (an entry's and an image's form, the delete confirmation) are scanned in the round trips below.
describe('content pages: every screen in Arabic and English, no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    it(`admin content screens in ${language}`, async ({ onTestFinished }) => {
      expect(await auditAll(e2e, { language, role: 'admin', paths: ADMIN_SCREENS, finished: onTestFinished })).toEqual([]);
    });
    it(`public content pages in ${language}`, async ({ onTestFinished }) => {
      expect(await auditAll(e2e, { language, paths: PUBLIC_PAGES, finished: onTestFinished })).toEqual([]);
    });
  }
});

async function publicText(page: Page, pathname: string) {
  await page.goto(pathname);
  await settled(page);
  return (await page.locator('main').textContent()) ?? '';
}

// The round trips run once, in Arabic at 1280 px (an admin's width, docs/testing.md), on one admin page that
// goes from the privacy screen to the home screen through the menu; a visitor's page loads the public page
// after every change (a visitor sees what the server has now).
describe('content pages round trips through the admin screens', () => {
  it('a privacy entry: add, edit and delete (with confirmation); then a home image: add (upload), edit, reorder and delete (with confirmation); each change seen on the public page', async ({ onTestFinished }) => {
    const language: Language = 'ar';
    const { page } = await e2e.open({ width: 1280, height: 900 }, onTestFinished);
    await seedSession(page, 'admin', await apiLogin(e2e.server, 'admin', await newAccount('admin')), { language });
    const visitor = (await e2e.open({}, onTestFinished)).page;
    await page.goto('/admin/cms/privacy');
    await settled(page);
    const title = `بند تجريبي ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByTestId('cms-privacy-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('cms-privacy-title-ar').fill(title);
    await dialog.getByTestId('cms-privacy-title-en').fill(`Test entry ${title}`);
    await dialog.getByTestId('cms-privacy-body-ar').click();
    await page.keyboard.type('نص البند الأول');
    await dialog.getByTestId('cms-privacy-body-en').click();
    await page.keyboard.type('First text');
    // The entry's form: a state no address reaches, scanned here once.
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByTestId('cms-privacy-save').click();
    await dialog.waitFor({ state: 'detached' });
    const entry = page.getByTestId('cms-privacy-entry').filter({ hasText: title });
    await entry.waitFor();
    expect(await publicText(visitor, '/privacy-policy')).toContain('نص البند الأول');

    await entry.getByTestId('cms-privacy-edit').click();
    await page.getByRole('dialog').getByTestId('cms-privacy-body-ar').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' بعد التعديل');
    await page.getByRole('dialog').getByTestId('cms-privacy-save').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('cms-result').waitFor();
    expect(await publicText(visitor, '/privacy-policy')).toContain('نص البند الأول بعد التعديل');

    await entry.getByTestId('cms-privacy-delete').click();
    await page.getByRole('dialog').getByText(tr(language, 'adminCms.delete.title')).waitFor();
    // The delete confirmation: scanned here once.
    expect(await axeViolations(page)).toEqual([]);
    // Keeping it first: nothing is deleted.
    await page.getByRole('button', { name: tr(language, 'adminCms.delete.keep'), exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await entry.count()).toBe(1);
    await entry.getByTestId('cms-privacy-delete').click();
    await page.getByTestId('cms-confirm-delete').click();
    await entry.waitFor({ state: 'detached' });
    expect(await publicText(visitor, '/privacy-policy')).not.toContain(title);

    // On to the home screen through the menu.
    await page.getByRole('navigation', { name: tr(language, 'shell.nav.label') }).getByRole('link', { name: tr(language, 'adminCms.nav.home') }).click();
    await waitForPath(page, '/admin/cms/home');
    await settled(page);
    const suffix = Math.random().toString(36).slice(2, 7);
    const alt = `A lantern ${suffix}`;
    const altAr = `فانوس ${suffix}`;
    const altArChanged = `فانوس مضيء ${suffix}`;
    await page.getByTestId('cms-image-add').click();
    // Without a file the form says so, in the page's language.
    await dialog.getByTestId('cms-image-save').click();
    await dialog.getByText(tr(language, 'adminCms.home.fileRequired')).waitFor();
    await dialog.getByTestId('cms-image-file-input').setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: png({ width: 320, height: 180, seed: 9 }) });
    await dialog.getByTestId('cms-image-alt-ar').fill(altAr);
    await dialog.getByTestId('cms-image-alt-en').fill(alt);
    await dialog.getByTestId('cms-image-title-en').fill('Caption <b>one</b>');
    // The image's form, with its file message: scanned here once.
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByTestId('cms-image-save').click();
    await dialog.waitFor({ state: 'detached' });
    // The list names each image in the page's language.
    const image = page.getByTestId('cms-image').filter({ hasText: altAr });
    await image.waitFor();
    await visitor.goto('/');
    await settled(visitor);
    await visitor.getByTestId('home-carousel').getByRole('img', { name: altAr, exact: true, includeHidden: true }).waitFor({ state: 'attached' });

    await image.getByTestId('cms-image-edit').click();
    await page.getByRole('dialog').getByTestId('cms-image-alt-ar').fill(altArChanged);
    await page.getByRole('dialog').getByTestId('cms-image-save').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('cms-result').waitFor();
    const changed = page.getByTestId('cms-image').filter({ hasText: altArChanged });
    await changed.waitFor();
    await visitor.reload();
    await settled(visitor);
    await visitor.getByTestId('home-carousel').getByRole('img', { name: altArChanged, exact: true, includeHidden: true }).waitFor({ state: 'attached' });
    expect(await visitor.getByRole('img', { name: altAr, exact: true, includeHidden: true }).count()).toBe(0);

    // Moving it up one place puts it before the image that was before it.
    const before = await page.getByTestId('cms-image').allTextContents();
    await page.getByRole('button', { name: tr(language, 'adminCms.home.moveUp', { name: altArChanged }) }).click();
    await page.waitForFunction(
      ({ name, index }) => [...document.querySelectorAll('[data-testid="cms-image"]')].findIndex((el) => el.textContent?.includes(name)) === index,
      { name: altArChanged, index: before.findIndex((text) => text.includes(altArChanged)) - 1 },
    );

    await changed.getByTestId('cms-image-delete').click();
    await page.getByTestId('cms-confirm-delete').click();
    await changed.waitFor({ state: 'detached' });
    await visitor.reload();
    await settled(visitor);
    await visitor.getByTestId('home-carousel').waitFor();
    expect(await visitor.getByRole('img', { name: altArChanged, exact: true, includeHidden: true }).count()).toBe(0);
  });

  it('the carousel is labelled, moves only when asked, and follows the arrow keys in the reading direction', async ({ onTestFinished }) => {
    const { page } = await e2e.open({ width: 1280 }, onTestFinished);
    // The page's own clock, running at its natural pace until the test moves it on.
    await page.clock.install();
    await page.goto('/');
    await settled(page);
    await takenOver(page);
    const carousel = page.getByRole('region', { name: tr('ar', 'cms.carousel.label') });
    await carousel.waitFor();
    // Other browser tests of this worker may share the database: the pictures as the API has them.
    const count = ((await (await fetch(`${e2e.server.baseUrl}/api/home-page/cms/view`)).json()) as { data: { images: unknown[] } }).data.images.length;
    expect(count).toBeGreaterThanOrEqual(2);
    const current = () => page.locator('[data-testid="home-carousel-slide"]:not([inert])').getAttribute('aria-label');
    expect(await current()).toBe(tr('ar', 'cms.carousel.slide', { n: 1, total: count }));
    // A minute on the page's clock: every timer the page set has run, and the first picture is still shown.
    await page.clock.runFor(60_000);
    expect(await current()).toBe(tr('ar', 'cms.carousel.slide', { n: 1, total: count }));
    await page.getByRole('button', { name: tr('ar', 'cms.carousel.next') }).focus();
    // Right to left: the next picture is to the left.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(current).toBe(tr('ar', 'cms.carousel.slide', { n: 2, total: count }));
    await page.keyboard.press('ArrowRight');
    await expect.poll(current).toBe(tr('ar', 'cms.carousel.slide', { n: 1, total: count }));
  });
});
