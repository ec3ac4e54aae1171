// test:area catalog cms
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addLectures, createCategory, createCourse } from '../../api/test/factories';
import { png } from '../../api/test/media-files';
import { cmsAdmin, resetContentAfterAll } from './support/cms-admin';
import { e2eSuite } from './support/suite';

// A course with a cover: covers are served from the data directory's uploads folder.
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-layout-shift-e2e-'));
mkdirSync(path.join(dataDir, 'uploads', 'covers'), { recursive: true });
writeFileSync(path.join(dataDir, 'uploads', 'covers', 'layout-shift.png'), png({ width: 640, height: 360 }));

const e2e = e2eSuite({ dataDir });
resetContentAfterAll(() => e2e.server);

/** What Lighthouse and the field call "good". */
const GOOD_LAYOUT_SHIFT = 0.1;
/** The API and the covers answer as over a phone's network, not at once from this machine. */
const NETWORK_LATENCY_MS = 300;

const VIEWPORTS = [
  { name: 'a 375 px phone', width: 375, height: 667 },
  { name: 'a 1280 px desktop', width: 1280, height: 800 },
];

async function publicCourse() {
  const category = await createCategory();
  const course = await createCourse({
    title: `Layout shift course ${Math.random().toString(36).slice(2, 7)}`,
    subtitle: 'A subtitle long enough to wrap on a phone, as real subtitles do',
    description: `<p>${'A course description of a few sentences. '.repeat(12)}</p>`,
    coverImage: 'covers/layout-shift.png',
    categoryId: category.id,
  });
  await addLectures(course.id, 4);
  return course;
}

/**
 * Loads `path` and adds up every layout shift the page makes by itself (none follows an input here)
 * until the page is complete: `ready` shown, the network quiet and two frames painted after that.
 */
async function layoutShiftOf(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<number> {
  await page.addInitScript(() => {
    const scope = window as unknown as { layoutShift: number };
    scope.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) scope.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, NETWORK_LATENCY_MS));
      // On to a test's own handler, registered before, that holds a picture back (continue() would skip it).
      await route.fallback();
    },
  );
  // Not until "load": the home page's HTML, drawn by the server (docs/decisions/018), holds the pictures a test holds back.
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { layoutShift: number }).layoutShift)))),
  );
}

describe('pages keep still while they load', () => {
  for (const viewport of VIEWPORTS) {
    it(`the course page on ${viewport.name}: keeps the cover's place while the image is on its way; its cover, cards and text appear where they stay`, async () => {
      const course = await publicCourse();
      const { page } = await e2e.open({ width: viewport.width, height: viewport.height });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // The cover and its WebP copies (`?w=`, which the page's srcset picks from).
      await page.route((url) => url.pathname === `/api/media/cover/${course.id}`, async (route) => {
        await released;
        await route.continue();
      });
      const shift = await layoutShiftOf(page, `/course-details/${course.id}`, async (p) => {
        await p.getByRole('heading', { level: 1, name: course.title }).waitFor();
        const cover = p.locator('.details-cover');
        await cover.waitFor({ state: 'attached' });
        const before = await cover.boundingBox();
        // Still on its way: held back above.
        expect(await cover.evaluate((image: HTMLImageElement) => image.complete)).toBe(false);
        release();
        await cover.evaluate((image: HTMLImageElement) => image.decode());
        expect(before?.height).toBeGreaterThan(100);
        expect(await cover.boundingBox()).toEqual(before);
      });
      expect(shift).toBeLessThan(GOOD_LAYOUT_SHIFT);
    });

    it(`the home page on ${viewport.name}: its categories and course cards appear where they stay`, async () => {
      await publicCourse();
      const { page } = await e2e.open({ width: viewport.width, height: viewport.height });
      const shift = await layoutShiftOf(page, '/', async (p) => {
        await p.getByTestId('home-newest').getByTestId('course-card').first().waitFor();
      });
      expect(shift).toBeLessThan(GOOD_LAYOUT_SHIFT);
    });
  }
});

describe('the home page with hero pictures keeps still while they load', () => {
  it('the carousel keeps its box while the first picture is on its way, at 375 px and 1280 px', async () => {
    await publicCourse();
    const admin = await cmsAdmin(e2e.server);
    await admin.post('/api/home-page/cms', { hero_title_en: 'Learn with Nibras', hero_title_ar: 'تعلّم مع نبراس' });
    const first = await admin.addImage({ alt_ar: 'صورة أولى', alt_en: 'First picture', title_ar: 'ابدأ', title_en: 'Start', position: 0 }, 11);
    await admin.addImage({ alt_ar: 'صورة ثانية', alt_en: 'Second picture', position: 10 }, 12);
    for (const viewport of VIEWPORTS) {
      const { page } = await e2e.open({ width: viewport.width, height: viewport.height });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**/api/home-page/cms/image/view/${first.id}`, async (route) => {
        await released;
        await route.continue();
      });
      const shift = layoutShiftOf(page, '/', async (p) => {
        const carousel = p.getByTestId('home-carousel');
        await carousel.waitFor();
        const before = await carousel.boundingBox();
        expect(await p.locator(`.cms-carousel__image[src$="/view/${first.id}"]`).evaluate((image: HTMLImageElement) => image.complete)).toBe(false);
        release();
        await p.locator(`.cms-carousel__image[src$="/view/${first.id}"]`).evaluate((image: HTMLImageElement) => image.decode());
        expect(before?.height).toBeGreaterThan(100);
        expect(await carousel.boundingBox()).toEqual(before);
        await p.getByTestId('home-newest').getByTestId('course-card').first().waitFor();
      });
      expect(await shift, viewport.name).toBeLessThan(GOOD_LAYOUT_SHIFT);
    }
  });
});
