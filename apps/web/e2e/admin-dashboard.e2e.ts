// test:area dashboard categories orders quiz reports
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { eq } from 'drizzle-orm';
import { addLectures, createCategory, createCourse, enrollParticipant } from '../../api/test/factories';
import { createUser, GOOD_PASSWORD, testDatabase } from '../../api/test/harness';
import { enrollments, lectureProgress, quizAttempts } from '../../api/src/db/schema';
import { enrolledParticipant, openAttempt, quizCourse, rightAnswer, submit } from '../../api/src/modules/quiz/quiz.test-kit';
import { REAL } from '../../api/test/upload-corpus';
import { auditAll, axeViolations, LANGUAGES, settled, type Language } from './support/audit';
import { seedSession, waitForPath } from './support/browser';
import { apiLogin } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

const e2e = e2eSuite({}, { shareContext: true });
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
  // Once, in Arabic at 1280 px (docs/testing.md); the screen's English and its 375 px layout: the accessibility block below.
  it('lists the waiting course and submission with working links, and shows the figures and charts', async () => {
    const waiting = await somethingWaits();
    const { page } = await e2e.open({ width: 1280, height: 900 });
    await signIn(page, 'admin', { email: (await createUser('admin')).email, name: 'Admin' }, 'ar');
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

    await courseLink.click();
    await waitForPath(page, `/admin/courses/${waiting.course.id}`);
    await page.getByTestId('course-view-title').filter({ hasText: waiting.course.title }).waitFor();
    await page.goBack();
    await submissionRow.getByRole('link').click();
    await waitForPath(page, `/admin/Assessment/${waiting.quiz.course.id}/${waiting.submission.id}`);
    await page.getByRole('heading', { level: 1, name: tr('ar', 'quiz.check.title', { name: waiting.participant.name }) }).waitFor();
  });
});

describe('admin categories', () => {
  // Once, in Arabic at 1280 px; the screens in English and at 375 px: the accessibility block below. That the
  // public name list follows each change at once: categories.test.ts ("add, edit, update, delete").
  it('add with an icon, edit, delete after confirming; a category holding courses is refused, saying how many', async () => {
    const t = unique();
    const held = await createCategory({ nameEn: `Held ${t}` });
    await createCourse({ categoryId: held.id });
    const { page } = await e2e.open({ width: 1280, height: 900 });
    const deletes: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin/category/delete/')) deletes.push(request.url());
    });
    await signIn(page, 'admin', { email: (await createUser('admin')).email, name: 'Admin' }, 'ar');
    await page.goto('/admin/category');
    await settled(page);
    await page.getByTestId('category-new').click();
    await waitForPath(page, '/admin/category/new');
    // The browser's check, in the page's language, before anything is sent.
    await page.getByTestId('category-slug').fill('Not A Slug');
    await page.getByTestId('category-save').click();
    await page.getByText(tr('ar', 'api.categories.slug_format')).waitFor();
    await page.getByTestId('category-name-ar').fill(`تصميم ${t}`);
    await page.getByTestId('category-name-en').fill(`Design ${t}`);
    await page.getByTestId('category-slug').fill('');
    await page.locator('input[type="file"]').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: REAL.png });
    await page.getByTestId('category-save').click();
    await waitForPath(page, '/admin/category');
    await expect.poll(() => page.getByTestId('category-result').textContent()).toBe(tr('ar', 'api.categories.added'));

    await page.getByTestId('category-search').fill(`design ${t}`);
    await page.getByTestId('category-search').press('Enter');
    // The slug made from the English name.
    const item = page.getByTestId('category-item').filter({ hasText: `design-${t}` });
    await item.waitFor();
    // The whole list stays on screen until the search's answer replaces it.
    await expect.poll(() => page.getByTestId('category-item').count()).toBe(1);
    expect(await item.locator('img').count()).toBe(1);
    const id = Number(await item.getAttribute('data-category-id'));

    await item.getByRole('link', { name: tr('ar', 'adminCategories.editNamed', { name: `تصميم ${t}` }) }).click();
    await waitForPath(page, `/admin/category/${id}/edit`);
    await expect.poll(() => page.getByTestId('category-name-en').inputValue()).toBe(`Design ${t}`);
    await page.getByTestId('category-name-en').fill(`Graphic design ${t}`);
    await page.getByTestId('category-slug').fill(`graphic-${t}`);
    await page.getByTestId('category-save').click();
    await waitForPath(page, '/admin/category');
    await expect.poll(() => page.getByTestId('category-result').textContent()).toBe(tr('ar', 'api.categories.updated'));

    await page.getByTestId('category-search').fill(`graphic ${t}`);
    await page.getByTestId('category-search').press('Enter');
    const renamed = page.getByTestId('category-item').filter({ hasText: `graphic-${t}` });
    await renamed.waitFor();
    await renamed.getByTestId('category-delete').click();
    const dialog = page.getByRole('dialog', { name: tr('ar', 'adminCategories.deleteTitle') });
    await dialog.waitFor();
    // The open dialog: a state no address reaches, scanned here once.
    expect(await axeViolations(page)).toEqual([]);
    // Going back keeps it (nothing is sent); confirming deletes it.
    await dialog.getByRole('button', { name: tr('ar', 'adminCategories.back') }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(deletes).toEqual([]);
    await renamed.waitFor();
    await renamed.getByTestId('category-delete').click();
    await page.getByTestId('category-delete-confirm').click();
    await expect.poll(() => page.getByTestId('category-result').textContent()).toBe(tr('ar', 'api.categories.deleted'));
    await page.getByText(tr('ar', 'adminCategories.noMatch.empty.title')).waitFor();
    expect(deletes).toHaveLength(1);

    // A category holding a course stays, and the answer says how many.
    await page.getByTestId('category-search').fill(held.slug);
    await page.getByTestId('category-search').press('Enter');
    const holding = page.getByTestId('category-item').filter({ hasText: held.slug });
    await holding.getByTestId('category-delete').click();
    await page.getByTestId('category-delete-confirm').click();
    await expect.poll(() => page.getByTestId('category-result').textContent()).toBe(tr('ar', 'api.categories.has_courses', { count: 1 }));
    await holding.waitFor();
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
    // The dashboard's charts count this instructor's order alone.
    await page.getByTestId('chart-revenue-table').locator('tbody tr').last().waitFor({ state: 'attached' });
    expect(await page.getByTestId('chart-revenue-table').locator('tbody tr').last().locator('td').textContent()).toContain('75');
    await page.getByTestId('chart-revenue').locator('svg.recharts-surface').first().waitFor();
    await page.getByRole('link', { name: tr('ar', 'instructorOrders.nav') }).click();
    await waitForPath(page, '/instructor/orders');
    const order = page.getByTestId('instructor-order');
    await order.first().waitFor();
    expect(await order.count()).toBe(1);
    expect(await order.textContent()).toContain(`Sold course ${t}`);
    expect(await order.textContent()).toContain(participant.name);
    expect(await page.getByText(`Not yours ${t}`).count()).toBe(0);

    const fresh = await createUser('instructor');
    const { page: empty } = await e2e.open({ width: 375, height: 900 });
    await signIn(empty, 'instructor', fresh, 'en');
    await empty.goto('/instructor/orders');
    await empty.getByText(tr('en', 'instructorOrders.empty.title')).waitFor();
  });
});

/** A category of its own with a course where three learners enrolled today; one of them stopped its video at 30 s of 100. */
async function reportedCourse() {
  const t = unique();
  const { db } = await testDatabase();
  const category = await createCategory({ nameAr: `تقارير ${t}`, nameEn: `Reports ${t}` });
  const course = await createCourse({ categoryId: category.id, title: `Reported course ${t}` });
  const { lectures } = await addLectures(course.id, 2, { durationSeconds: 100 });
  const learners = await Promise.all([1, 2, 3].map((n) => createUser('participant', { name: `Reported learner ${n} ${t}` })));
  await db.insert(enrollments).values(learners.map((l) => ({ participantId: l.id, courseId: course.id })));
  await db.insert(lectureProgress).values({ participantId: learners[0]!.id, courseId: course.id, lectureId: lectures[0]!.id, positionSeconds: 30, watchedSeconds: 30 });
  return { category, course };
}

describe('reports for admins (issue 30, point 6)', () => {
  // Once, in English at 1280 px; in Arabic and at 375 px: the accessibility block below.
  it("a category's figures, another period, the course's drop-off and the CSV download", async () => {
    const { category, course } = await reportedCourse();
    const { page } = await e2e.open({ width: 1280, height: 900 });
    await signIn(page, 'admin', { email: (await createUser('admin')).email, name: 'Admin' }, 'en');
    await page.goto(`/admin/reports?category=${category.id}`);
    const row = page.getByTestId('reports-course-row').filter({ hasText: course.title });
    await row.waitFor();
    expect(await page.getByTestId('reports-total-enrollments-value').textContent()).toBe('3');
    expect(await page.getByTestId('reports-total-active_learners-value').textContent()).toBe('1');
    expect(await row.locator('[data-figure="enrollments"]').textContent()).toBe('3');
    await page.getByTestId('reports-chart-activity').locator('svg.recharts-surface').first().waitFor();

    // Another period: a custom one that ended before today holds nothing.
    await page.getByTestId('reports-preset').click();
    await page.getByRole('option', { name: tr('en', 'reports.preset.custom') }).click();
    await page.getByTestId('reports-from').fill('2020-01-01');
    await page.getByTestId('reports-to').fill('2020-01-31');
    await page.getByTestId('reports-apply').click();
    await page.getByText(tr('en', 'reports.empty.title')).waitFor();
    expect(await page.getByTestId('reports-total-enrollments-value').textContent()).toBe('0');
    await page.goBack();
    await page.goBack();
    await row.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export').click().then(() => page.getByTestId('reports-export-csv').click())]);
    expect(download.suggestedFilename()).toBe('nibras-report-courses.csv');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain(`${course.title},${category.nameEn},3,1,0,0,`);

    await row.getByTestId('reports-dropoff-link').click();
    await waitForPath(page, `/admin/reports/courses/${course.id}`);
    await page.getByTestId('dropoff-lecture').first().waitFor();
    expect(await page.getByTestId('dropoff-video').first().textContent()).toContain(tr('en', 'reports.dropoff.stopRange', { from: '0:30', to: '0:40', count: 1 }));
  });
});

// Every screen of the file once per language: axe once, the layout at 1280 and at 375 px (support/audit.ts).
describe('accessibility of these screens: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    it(`the admin dashboard with something waiting, and a submission to check, in ${language}`, async ({ onTestFinished }) => {
      const waiting = await somethingWaits();
      const paths = ['/admin/dashboard', `/admin/Assessment/${waiting.quiz.course.id}/${waiting.submission.id}`];
      expect(await auditAll(e2e, { language, role: 'admin', paths, finished: onTestFinished })).toEqual([]);
    });
    it(`the admin categories in ${language}`, async ({ onTestFinished }) => {
      const category = await createCategory();
      const paths = ['/admin/category', '/admin/category/new', `/admin/category/${category.id}/edit`];
      expect(await auditAll(e2e, { language, role: 'admin', paths, finished: onTestFinished })).toEqual([]);
    });
    it(`the reports and a course's drop-off in ${language}`, async ({ onTestFinished }) => {
      const { category, course } = await reportedCourse();
      const paths = [`/admin/reports/courses/${course.id}`, `/admin/reports?category=${category.id}`, '/admin/reports?tab=categories'];
      expect(await auditAll(e2e, { language, role: 'admin', paths, finished: onTestFinished })).toEqual([]);
    });
    it(`instructor orders in ${language}`, async ({ onTestFinished }) => {
      expect(await auditAll(e2e, { language, role: 'instructor', paths: ['/instructor/orders'], finished: onTestFinished })).toEqual([]);
    });
  }
});
