// test:area authoring media catalog search orders learning
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCategory } from '../../api/test/factories';
import { seedSession, waitForPath } from './support/browser';
import type { Language } from './support/audit';
import { recordMp4 } from './support/media';
import { apiLogin, newAccount } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

const e2e = e2eSuite({ dataDir: mkdtempSync(path.join(tmpdir(), 'nibras-authoring-journey-')) });

// A valid 1×1 PNG for the cover: the server decides the type by the bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** The screen may lag behind on a busy machine; these waits only bound how long. */
const WAIT = { timeout: 30_000 };

async function stepComplete(page: Page, step: number) {
  await page.waitForFunction((n) => document.querySelector(`[data-testid="editor-step-${n}"]`)?.getAttribute('data-complete') === 'true', step, WAIT);
}

async function goToStep(page: Page, courseId: number, step: number) {
  await page.getByTestId(`editor-step-${step}`).getByRole('link').click();
  await waitForPath(page, `/instructor/courses/${courseId}/edit/${step}`);
  await page.waitForFunction((n) => document.querySelector('[data-testid="editor-step-panel"]')?.getAttribute('data-step') === String(n), step, WAIT);
}

// Made before any page loads: the server caches the category name list for a while, as it should.
let category: Awaited<ReturnType<typeof createCategory>>;
beforeAll(async () => {
  category = await createCategory();
});

const courseRow = (page: Page, title: string) => page.getByTestId('course-row').filter({ has: page.getByTestId('course-row-title').getByText(title, { exact: true }) });

/**
 * Issue 5, point 7: an instructor builds a course through all six steps with a video the test
 * records itself, an admin rejects it, the instructor fixes and resubmits, the admin approves,
 * and a participant finds it on the home page and in search, enrols and plays the lecture.
 * Once, in Arabic (docs/testing.md): the instructor and the admin at 1280 px, the participant on a phone.
 * Each of these screens is audited in both languages at both widths elsewhere: the editor's steps in
 * authoring-editor and authoring-outline, the course lists, views and review panel in authoring-lists,
 * home, search and details in catalog, the player in learner.
 */
describe('a course from the editor to a learner, in Arabic', () => {
  it('build → submit → reject → fix → resubmit → approve → home and search → enrol → play', { timeout: 300_000 }, async () => {
    const language: Language = 'ar';
    const tag = randomBytes(4).toString('hex').replace(/^\d+/, 'k');
    const title = `فن الخط الكوفي ${tag}`;
    const video = await recordMp4(e2e.browser);
    const [instructor, admin, participant] = await Promise.all([newAccount('instructor'), newAccount('admin'), newAccount('participant')]);
    const desktop = { width: 1280, height: 900 };

    // --- The instructor builds the course.
    const { page } = await e2e.open(desktop);
    await seedSession(page, 'instructor', await apiLogin(e2e.server, 'instructor', instructor), { language });
    await page.goto('/instructor/courses');
    await page.getByTestId('course-new').click();
    await waitForPath(page, '/instructor/courses/new');
    // The subtitle's label starts with the title's ("العنوان الفرعي"): the title comes first.
    await page.getByLabel(labelled(language, 'authoring.step1.title')).first().fill(title);
    await page.getByTestId('step1-category').fill(category.nameAr);
    await page.getByRole('option', { name: category.nameAr, exact: true }).click();
    await page.getByRole('button', { name: tr(language, 'authoring.step1.create') }).click();
    await page.waitForURL(/\/instructor\/courses\/\d+\/edit\/2$/, WAIT);
    const courseId = Number(/courses\/(\d+)\//.exec(page.url())![1]);

    // Step 2: the description and what participants learn.
    const description = page.getByRole('textbox', { name: tr(language, 'authoring.step2.description') });
    await description.click();
    await page.keyboard.type('رحلة في حروف الخط الكوفي');
    await page.getByRole('textbox', { name: tr(language, 'authoring.step2.line', { list: tr(language, 'authoring.step2.learn'), n: 1 }) }).fill('رسم الحروف');
    await page.getByTestId('step-save').click();
    await stepComplete(page, 2);

    // Step 3: the cover, with its percentage.
    await goToStep(page, courseId, 3);
    await page.getByTestId('file-cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('upload-progress-cover').getByText(tr(language, 'authoring.step3.percent', { value: 100 }), { exact: true }).waitFor(WAIT);
    await stepComplete(page, 3);

    // Step 4: one section, one lecture, saved, then the recorded MP4.
    await goToStep(page, courseId, 4);
    await page.getByTestId('add-section').click();
    await page.getByTestId('section-title').last().fill('البداية');
    await page.getByTestId('outline-section').first().getByTestId('add-lecture').click();
    await page.getByTestId('lecture-title').last().fill('الحرف الأول');
    const savedOutline = page.waitForResponse((r) => r.url().endsWith('/api/instructor/course/addUpdate/step4'));
    await page.getByTestId('save-outline').click();
    expect((await savedOutline).status()).toBe(200);
    const lecture = page.getByTestId('outline-lecture').first();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="outline-lecture"]')?.getAttribute('data-lecture-id')) > 0, undefined, WAIT);
    const lectureId = Number(await lecture.getAttribute('data-lecture-id'));
    await page.getByTestId(`lecture-video-input-${lectureId}`).setInputFiles({ name: 'lesson.mp4', mimeType: 'video/mp4', buffer: video });
    await expect.poll(() => page.getByTestId(`upload-progress-lecture-${lectureId}`).textContent(), WAIT).toBe(tr(language, 'authoring.step4.percent', { percent: 100 }));
    await lecture.getByTestId('lecture-has-video').waitFor(WAIT);
    await stepComplete(page, 4);

    // Step 5: an assessment with one single-choice question.
    await goToStep(page, courseId, 5);
    await page.getByTestId('new-assessment').click();
    await page.getByLabel(labelled(language, 'authoring.step5.titleLabel')).fill('اختبار قصير');
    await page.getByLabel(labelled(language, 'authoring.step5.passMark')).fill('50');
    await page.getByTestId('add-question').click();
    const question = page.getByTestId('assessment-question').first();
    await question.getByTestId('question-text').fill('ما أقدم الخطوط؟');
    await question.getByTestId('option-text').nth(0).fill('الكوفي');
    await question.getByTestId('option-text').nth(1).fill('الرقعة');
    const savedAssessment = page.waitForResponse((r) => r.url().endsWith('/api/instructor/course/addUpdate/step5'));
    await page.getByTestId('save-assessment').click();
    expect((await savedAssessment).status()).toBe(200);
    await stepComplete(page, 5);

    // Step 6: tags; saving submits the course for review.
    await goToStep(page, courseId, 6);
    const tags = page.getByRole('combobox', { name: labelled(language, 'authoring.step6.tags') });
    await tags.fill('خط');
    await tags.press('Enter');
    await page.getByTestId('step-save').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="course-status"]')?.getAttribute('data-status') === 'pending', undefined, WAIT);

    // --- The admin rejects it with a message.
    const { page: adminPage } = await e2e.open(desktop);
    await seedSession(adminPage, 'admin', await apiLogin(e2e.server, 'admin', admin), { language });
    await adminPage.goto('/admin/courses');
    await courseRow(adminPage, title).waitFor(WAIT);
    await courseRow(adminPage, title).getByTestId('course-row-title').click();
    await waitForPath(adminPage, `/admin/courses/${courseId}`);
    await adminPage.getByTestId('review-panel').waitFor(WAIT);
    const reason = `الغلاف غير واضح ${tag}`;
    await adminPage.getByTestId('review-reject').click();
    await adminPage.getByRole('textbox', { name: labelled(language, 'authoring.review.message') }).fill(reason);
    await adminPage.getByTestId('review-reject').click();
    await waitForPath(adminPage, '/admin/courses');
    await adminPage.getByTestId('course-list-result').filter({ hasText: tr(language, 'api.authoring.rejected') }).waitFor(WAIT);

    // --- The instructor, back on the course list through the menu, sees why, fixes the course and submits it again.
    await page.getByRole('link', { name: tr(language, 'authoring.nav.courses') }).first().click();
    await waitForPath(page, '/instructor/courses');
    const mine = courseRow(page, title);
    await mine.waitFor(WAIT);
    await expect.poll(() => mine.getByTestId('course-status').getAttribute('data-status'), WAIT).toBe('rejected');
    expect(await mine.getByTestId('course-row-review').textContent()).toContain(reason);
    await mine.getByRole('link', { name: tr(language, 'authoring.list.editCourse', { title }) }).click();
    await waitForPath(page, `/instructor/courses/${courseId}/edit/1`);
    await page.getByTestId('review-message').getByText(reason).waitFor(WAIT);
    await goToStep(page, courseId, 2);
    const learn = page.getByTestId('lines-learn_points');
    await learn.getByRole('button', { name: tr(language, 'authoring.step2.addLine') }).click();
    await learn.getByRole('textbox', { name: tr(language, 'authoring.step2.line', { list: tr(language, 'authoring.step2.learn'), n: 2 }) }).fill('رسم الحروف بوضوح');
    await page.getByTestId('step-save').click();
    await page.getByTestId('editor-notice').waitFor(WAIT);
    await goToStep(page, courseId, 6);
    await page.getByTestId('step-save').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="course-status"]')?.getAttribute('data-status') === 'pending', undefined, WAIT);

    // --- The admin, still on the course list, opens it again and approves it.
    await courseRow(adminPage, title).getByTestId('course-row-title').click();
    await waitForPath(adminPage, `/admin/courses/${courseId}`);
    await adminPage.getByTestId('review-panel').waitFor(WAIT);
    await adminPage.getByTestId('review-approve').click();
    await waitForPath(adminPage, '/admin/courses');
    await adminPage.getByTestId('course-list-result').filter({ hasText: tr(language, 'api.authoring.approved') }).waitFor(WAIT);

    // --- A participant on a phone finds it on the home page and through the header's search, enrols and plays the lecture.
    const { page: learnerPage } = await e2e.open({ width: 375, height: 900 });
    await seedSession(learnerPage, 'participant', await apiLogin(e2e.server, 'participant', participant), { language });
    await learnerPage.goto('/');
    await learnerPage.getByTestId('course-card').filter({ hasText: title }).first().waitFor(WAIT);
    await learnerPage.getByTestId('header-search').fill(tag);
    await learnerPage.getByTestId('header-search').press('Enter');
    await learnerPage.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === tag, WAIT);
    const found = learnerPage.getByTestId('course-card').filter({ hasText: title });
    await found.first().waitFor(WAIT);
    await found.first().getByRole('link').first().click();
    await waitForPath(learnerPage, `/course-details/${courseId}`);
    await learnerPage.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
    await learnerPage.getByTestId('enrol-button').click();
    await learnerPage.getByTestId('enrol-success').waitFor(WAIT);
    await learnerPage.getByTestId('learn-link').click();
    await waitForPath(learnerPage, `/participant/learn/${courseId}`);
    await learnerPage.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
    const player = learnerPage.locator('video.learn-video');
    await learnerPage.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video.learn-video')?.readyState ?? 0) > 0, undefined, WAIT);
    await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await learnerPage.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video.learn-video')?.currentTime ?? 0) > 0.5, undefined, WAIT);
    expect(await player.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
  });
});
