import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { eq } from 'drizzle-orm';
import { createCategory, createCourse, enrollParticipant } from '../../api/test/factories';
import { createUser, GOOD_PASSWORD, testDatabase } from '../../api/test/harness';
import { quizAttempts } from '../../api/src/db/schema';
import { enrolledParticipant, openAttempt, quizCourse, rightAnswer, submit } from '../../api/src/modules/quiz/quiz.test-kit';
import { REAL } from '../../api/test/upload-corpus';
import { auditAll, axeViolations, settled, type Language } from './support/audit';
import { seedSession, waitForPath } from './support/browser';
import { apiLogin } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

const e2e = e2eSuite();
const unique = () => randomBytes(4).toString('hex');

async function signIn(page: Page, role: Role, account: { email: string; name: string }, language: Language) {
  await seedSession(page, role, await apiLogin(e2e.server, role, { ...account, password: GOOD_PASSWORD }), { language });
}

/** A course waiting for approval and a submission waiting for a check, both older than anything else waiting. */
async function somethingWaits() {
  const t = unique();
  const instructor = await createUser('instructor', { name: `Waiting teacher ${t}` });
  const course = await createCourse({ instructorId: instructor.id, approveStatus: 'pending', submittedAt: new Date('2001-01-01T00:00:00Z'), title: `Waiting course ${t}` });
  const quiz = await quizCourse({ title: `Essay test ${t}`, questions: [{ type: 'single', points: 1, options: [['A', true], ['B', false]] }, { type: 'short', points: 2 }] });
  const learner = await enrolledParticipant(e2e.server.app, quiz.course.id);
  const attempt = await openAttempt(learner.api, quiz.assessment.id);
  const submitted = await submit(learner.api, attempt.id, [rightAnswer(quiz.questions[0]!), { question_id: quiz.questions[1]!.id, text: 'An essay' }]);
  const submission = submitted.json().data as { id: number; status: string };
  expect(submission.status).toBe('pending');
  const { db } = await testDatabase();
  await db.update(quizAttempts).set({ submittedAt: new Date('2001-01-01T00:00:00Z') }).where(eq(quizAttempts.id, submission.id));
  return { course, quiz, submission, participant: learner.participant };
}

describe('the admin dashboard', () => {
  for (const [language, width] of [['ar', 1280], ['en', 375]] as const) {
    it(`in ${language} at ${width} px lists the waiting course and submission with working links, and shows the figures and charts`, async () => {
      const waiting = await somethingWaits();
      const { page } = await e2e.open({ width, height: 900 });
      await signIn(page, 'admin', { email: (await createUser('admin')).email, name: 'Admin' }, language);
      await page.goto('/admin/dashboard');
      await settled(page);
      const courseLink = page.getByTestId('waiting-course').getByRole('link', { name: waiting.course.title });
      await courseLink.waitFor();
      expect(await page.getByTestId('dashboard-nothing-waits').count()).toBe(0);
      const submissionRow = page.getByTestId('waiting-submission').filter({ hasText: waiting.quiz.course.title });
      await submissionRow.waitFor();
      // The figures, the charts (drawn) and their tables: 12 months, the current one last.
      await page.getByTestId('figure-courses-pending').waitFor();
      for (const chart of ['enrollments', 'revenue']) {
        await page.getByTestId(`chart-${chart}`).locator('svg.recharts-surface').first().waitFor();
        expect(await page.getByTestId(`chart-${chart}-table`).locator('tbody tr').count()).toBe(12);
      }
      const now = new Date();
      const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      expect(await page.getByTestId('chart-enrollments-table').locator('tbody tr').last().getAttribute('data-month')).toBe(thisMonth);
      expect(await axeViolations(page)).toEqual([]);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);

      await courseLink.click();
      await waitForPath(page, `/admin/courses/${waiting.course.id}`);
      await page.getByTestId('course-view-title').filter({ hasText: waiting.course.title }).waitFor();
      await page.goBack();
      await submissionRow.getByRole('link').click();
      await waitForPath(page, `/admin/Assessment/${waiting.quiz.course.id}/${waiting.submission.id}`);
      await page.getByRole('heading', { level: 1, name: tr(language, 'quiz.check.title', { name: waiting.participant.name }) }).waitFor();
    });
  }
});

describe('admin categories', () => {
  for (const [language, width] of [['ar', 375], ['en', 1280]] as const) {
    it(`in ${language} at ${width} px: add with an icon, edit, delete after confirming; the public name list follows`, async () => {
      const t = unique();
      const { page } = await e2e.open({ width, height: 900 });
      await signIn(page, 'admin', { email: (await createUser('admin')).email, name: 'Admin' }, language);
      await page.goto('/admin/category');
      await settled(page);
      await page.getByTestId('category-new').click();
      await waitForPath(page, '/admin/category/new');
      // The browser's check, in the page's language, before anything is sent.
      await page.getByTestId('category-slug').fill('Not A Slug');
      await page.getByTestId('category-save').click();
      await page.getByText(tr(language, 'api.categories.slug_format')).waitFor();
      await page.getByTestId('category-name-ar').fill(`تصميم ${t}`);
      await page.getByTestId('category-name-en').fill(`Design ${t}`);
      await page.getByTestId('category-slug').fill('');
      await page.locator('input[type="file"]').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: REAL.png });
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId('category-save').click();
      await waitForPath(page, '/admin/category');
      await expect.poll(() => page.getByTestId('category-result').textContent()).toBe(tr(language, 'api.categories.added'));

      await page.getByTestId('category-search').fill(`design ${t}`);
      await page.getByTestId('category-search').press('Enter');
      const item = page.getByTestId('category-item').filter({ hasText: `design-${t}` });
      await item.waitFor();
      // The whole list stays on screen until the search's answer replaces it.
      await expect.poll(() => page.getByTestId('category-item').count()).toBe(1);
      expect(await item.locator('img').count()).toBe(1);
      const id = Number(await item.getAttribute('data-category-id'));
      const names = async () => ((await (await fetch(`${e2e.server.baseUrl}/api/category/namelist`)).json()) as { data: { id: number; slug: string; name_en: string }[] }).data;
      expect((await names()).find((c) => c.id === id)).toMatchObject({ slug: `design-${t}`, name_en: `Design ${t}` });
      expect(await axeViolations(page)).toEqual([]);

      await item.getByRole('link', { name: tr(language, 'adminCategories.editNamed', { name: language === 'ar' ? `تصميم ${t}` : `Design ${t}` }) }).click();
      await waitForPath(page, `/admin/category/${id}/edit`);
      await expect.poll(() => page.getByTestId('category-name-en').inputValue()).toBe(`Design ${t}`);
      await page.getByTestId('category-name-en').fill(`Graphic design ${t}`);
      await page.getByTestId('category-slug').fill(`graphic-${t}`);
      await page.getByTestId('category-save').click();
      await waitForPath(page, '/admin/category');
      await expect.poll(() => page.getByTestId('category-result').textContent()).toBe(tr(language, 'api.categories.updated'));
      expect((await names()).find((c) => c.id === id)).toMatchObject({ slug: `graphic-${t}`, name_en: `Graphic design ${t}` });

      await page.getByTestId('category-search').fill(`graphic ${t}`);
      await page.getByTestId('category-search').press('Enter');
      const renamed = page.getByTestId('category-item').filter({ hasText: `graphic-${t}` });
      await renamed.waitFor();
      await renamed.getByTestId('category-delete').click();
      const dialog = page.getByRole('dialog', { name: tr(language, 'adminCategories.deleteTitle') });
      await dialog.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // Going back keeps it; confirming deletes it.
      await dialog.getByRole('button', { name: tr(language, 'adminCategories.back') }).first().click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await names()).some((c) => c.id === id)).toBe(true);
      await renamed.getByTestId('category-delete').click();
      await page.getByTestId('category-delete-confirm').click();
      await expect.poll(() => page.getByTestId('category-result').textContent()).toBe(tr(language, 'api.categories.deleted'));
      await page.getByText(tr(language, 'adminCategories.noMatch.empty.title')).waitFor();
      expect((await names()).some((c) => c.id === id)).toBe(false);
    });
  }

  it('refuses to delete a category holding courses, saying how many', async () => {
    const category = await createCategory({ nameEn: `Held ${unique()}` });
    await createCourse({ categoryId: category.id });
    const { page } = await e2e.open({ width: 1280, height: 900 });
    await signIn(page, 'admin', { email: (await createUser('admin')).email, name: 'Admin' }, 'en');
    await page.goto('/admin/category');
    await settled(page);
    await page.getByTestId('category-search').fill(category.slug);
    await page.getByTestId('category-search').press('Enter');
    const item = page.getByTestId('category-item').filter({ hasText: category.slug });
    await item.getByTestId('category-delete').click();
    await page.getByTestId('category-delete-confirm').click();
    await expect.poll(() => page.getByTestId('category-result').textContent()).toBe(tr('en', 'api.categories.has_courses', { count: 1 }));
    await item.waitFor();
  });
});

describe("the instructor's orders and dashboard charts", () => {
  it('lists the orders of their own courses only; a new instructor sees the empty state', async () => {
    const t = unique();
    const instructor = await createUser('instructor', { name: `Seller ${t}` });
    const course = await createCourse({ instructorId: instructor.id, title: `Sold course ${t}`, price: 75 });
    const { participant } = await enrollParticipant(course.id, { amount: 75 });
    const other = await createCourse({ title: `Not yours ${t}`, price: 10 });
    await enrollParticipant(other.id, { amount: 10 });
    const { page } = await e2e.open({ width: 1280, height: 900 });
    await signIn(page, 'instructor', instructor, 'ar');
    await page.goto('/instructor/dashboard');
    await settled(page);
    await page.getByRole('link', { name: tr('ar', 'instructorOrders.nav') }).click();
    await waitForPath(page, '/instructor/orders');
    const order = page.getByTestId('instructor-order');
    await order.first().waitFor();
    expect(await order.count()).toBe(1);
    expect(await order.textContent()).toContain(`Sold course ${t}`);
    expect(await order.textContent()).toContain(participant.name);
    expect(await page.getByText(`Not yours ${t}`).count()).toBe(0);
    // The dashboard's charts count this instructor's order alone.
    await page.goto('/instructor/dashboard');
    await page.getByTestId('chart-revenue-table').locator('tbody tr').last().waitFor({ state: 'attached' });
    expect(await page.getByTestId('chart-revenue-table').locator('tbody tr').last().locator('td').textContent()).toContain('75');
    await page.getByTestId('chart-revenue').locator('svg.recharts-surface').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const fresh = await createUser('instructor');
    const { page: empty } = await e2e.open({ width: 375, height: 900 });
    await signIn(empty, 'instructor', fresh, 'en');
    await empty.goto('/instructor/orders');
    await empty.getByText(tr('en', 'instructorOrders.empty.title')).waitFor();
  });
});

describe('accessibility of these screens: no serious or critical axe violation, no sideways scroll', () => {
  for (const language of ['ar', 'en'] as const) {
    for (const width of [1280, 375]) {
      it(`admin screens in ${language} at ${width} px`, async ({ onTestFinished }) => {
        const category = await createCategory();
        await somethingWaits();
        const paths = ['/admin/dashboard', '/admin/category', '/admin/category/new', `/admin/category/${category.id}/edit`];
        expect(await auditAll(e2e, { language, width, role: 'admin', paths, finished: onTestFinished })).toEqual([]);
      });
      it(`instructor screens in ${language} at ${width} px`, async ({ onTestFinished }) => {
        expect(await auditAll(e2e, { language, width, role: 'instructor', paths: ['/instructor/orders'], finished: onTestFinished })).toEqual([]);
      });
    }
  }
});
