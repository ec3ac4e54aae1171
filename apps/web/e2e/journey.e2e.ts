// test:area catalog search wishlist learning certificates ratings orders
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addLectures, createCategory, createCourse } from '../../api/test/factories';
import { testDatabase } from '../../api/test/harness';
import { refreshCourseSearchText } from '../../api/src/modules/search/search.service';
import { seedStorage, waitForPath } from './support/browser';
import { axeViolations, settled, type Language } from './support/audit';
import { newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

// The demo's real 8-second H.264 clip serves as the lecture video.
const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-journey-'));
mkdirSync(path.join(dataDir, 'uploads', 'videos'), { recursive: true });
copyFileSync(new URL('../../api/src/seed/media/clip-a.mp4', import.meta.url), path.join(dataDir, 'uploads', 'videos', 'clip-a.mp4'));
const e2e = e2eSuite({ dataDir });

const video = (page: Page) => page.locator('video.learn-video');

/**
 * The learner's whole journey, as the issue lists it: once, in Arabic on a phone (375 px; docs/testing.md). Its screens
 * are audited in both languages at both widths where they are tested (the home, search with results and details in
 * catalog.e2e.ts, sign-in in accessibility-public.e2e.ts, the player and the certificate in learner.e2e.ts); the
 * details page after rating, with its success alert, no address reaches: it is scanned here, once.
 */
describe('the learner journey, in Arabic at 375 px', () => {
  it('home → search with another hamza → details → wishlist → enrol → watch, reload, resume → finish → certificate → search again → rate → rating on details', async () => {
    const language: Language = 'ar';
    const tag = randomBytes(3).toString('hex');
    const category = await createCategory();
    // Written with hamza on the alef; the visitor will type it without.
    const title = `أساسيات التصوير ${tag}`;
    const course = await createCourse({ title, price: 0, language: 'ar', categoryId: category.id, description: '<p>دورة قصيرة</p>' });
    await addLectures(course.id, 1, { video: 'videos/clip-a.mp4', durationSeconds: 8, freeFirst: true });
    await refreshCourseSearchText((await testDatabase()).db, course.id);
    const account = await newAccount('participant', `ليلى الرحالة ${tag}`);

    const { page } = await e2e.open({ width: 375, height: 800 });
    await seedStorage(page, { language });

    // Home, then the header search with the hamza left out.
    await page.goto('/');
    await settled(page);
    const search = async () => {
      await page.getByTestId('header-search').fill(`اساسيات ${tag}`);
      await page.getByTestId('header-search').press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      const result = page.getByTestId('course-card').filter({ hasText: tag });
      await result.first().waitFor();
      await result.first().getByRole('link').first().click();
      await waitForPath(page, `/course-details/${course.id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
    };
    await search();

    // Details; the heart asks a signed-out visitor to sign in and brings them back.
    await page.getByTestId('enrol-panel').getByTestId('wishlist-toggle').click();
    await page.waitForURL((url) => url.pathname === '/participant/login');
    await page.getByLabel(labelled(language, 'auth.email')).fill(account.email);
    await page.getByLabel(labelled(language, 'auth.password')).fill(account.password);
    await page.getByRole('button', { name: tr(language, 'auth.login.submit') }).click();
    await waitForPath(page, `/course-details/${course.id}`);
    const heart = page.getByTestId('enrol-panel').getByTestId('wishlist-toggle');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await heart.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="enrol-panel"] [data-testid="wishlist-toggle"]')?.getAttribute('aria-pressed') === 'true');

    // Enrol in the free course and start learning.
    await page.getByTestId('enrol-button').click();
    await page.getByTestId('enrol-success').waitFor();
    await page.getByTestId('learn-link').click();
    await waitForPath(page, `/participant/learn/${course.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Watch three seconds, pause (saved), reload: the video resumes there.
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video.learn-video')?.readyState ?? 0) > 0, undefined, { timeout: 20_000 });
    await video(page).evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video.learn-video')?.currentTime ?? 0) >= 3, undefined, { timeout: 20_000 });
    // The report of the pause, not a periodic one that was already on its way (slow machines).
    const saved = page.waitForResponse(
      async (r) => r.url().endsWith('/api/participant/learn/progress') && (((await r.json()) as { data?: { positionSeconds?: number } }).data?.positionSeconds ?? 0) >= 3,
    );
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    const position = ((await (await saved).json()) as { data: { positionSeconds: number } }).data.positionSeconds;
    expect(position).toBeGreaterThanOrEqual(3);
    await page.reload();
    await settled(page);
    await page.waitForFunction((t) => (document.querySelector<HTMLVideoElement>('video.learn-video')?.currentTime ?? 0) >= t, position, { timeout: 20_000 });

    // Finish: played to the end in real time, the course completes and the certificate follows.
    const finished = page.waitForResponse(async (r) => r.url().endsWith('/api/participant/learn/progress') && ((await r.json()) as { data?: { certificate?: unknown } }).data?.certificate != null, { timeout: 40_000 });
    await video(page).evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    const code = ((await (await finished).json()) as { data: { certificate: { code: string } } }).data.certificate.code;
    const alert = page.getByTestId('certificate-alert');
    await alert.waitFor();
    await alert.getByRole('link', { name: tr(language, 'learn.certificate.open') }).click();
    await waitForPath(page, `/certificate/${code}`);
    await page.getByTestId('certificate-participant').filter({ hasText: account.name }).waitFor();

    // Back to the course by the header search, and rate it there; the rating shows at once.
    await search();
    await page.getByTestId('rating-form').waitFor();
    await page.getByRole('radio', { name: tr(language, 'details.rate.stars', { count: 5 }) }).check();
    await page.getByLabel(tr(language, 'details.rate.message')).fill(`رائعة ${tag}`);
    await page.getByRole('button', { name: tr(language, 'details.rate.submit') }).click();
    await page.getByTestId('rating-success').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="rating-average"]')?.textContent === '5.0');
    await page.getByText(`رائعة ${tag}`).first().waitFor();
    // The success alert is a live region (role=status) that stays: no waiting for it to go.
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }, 150_000);
});
