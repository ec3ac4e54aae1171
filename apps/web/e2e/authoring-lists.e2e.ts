// test:area authoring gradebook
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { createCategory, createCourse, enrollParticipant } from '../../api/test/factories';
import { formatMoney } from '../src/lib/format';
import { seedSession, waitForPath } from './support/browser';
import { auditAll, axeViolations, LANGUAGES, settled, type Language } from './support/audit';
import { apiLogin, newAccount, type LoginData } from './support/server';
import { gradebookCourse } from './support/gradebook';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

// Lecture videos uploaded through the API land in this test server's own folder.
const e2e = e2eSuite({ dataDir: mkdtempSync(path.join(tmpdir(), 'nibras-web-authoring-lists-')) }, { shareContext: true });
const CLIP = readFileSync(new URL('../../api/src/seed/media/clip-a.mp4', import.meta.url));

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

async function signedIn(role: Role, name?: string) {
  const account = await newAccount(role, name);
  const login = await apiLogin(e2e.server, role, account);
  return { account, login, id: Number(login.localId) };
}

async function api<T>(login: LoginData, method: 'GET' | 'POST', url: string, body?: object | FormData): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${e2e.server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${login.token}`, 'accept-language': 'ar', ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : body }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A complete course submitted for review, built through the instructor's API as the editor would: steps 1, 2, 4 (with a video) and 6. */
async function submittedCourse(login: LoginData, title: string) {
  const base = '/api/instructor/course';
  const category = await createCategory();
  const { id } = await api<{ id: number }>(login, 'POST', `${base}/addUpdate/step1`, { title, subtitle: 'من القلم إلى اللوحة', category_id: category.id, language: 'ar', level: 'beginner', price: 75 });
  await api(login, 'POST', `${base}/addUpdate/step2`, { id, description: '<p>تعلّم <strong>خط النسخ</strong>.</p>', learn_points: ['مسك القلم'], requirements: [], audience: [] });
  const outline = await api<{ sections: { lectures: { id: number }[] }[] }>(login, 'POST', `${base}/addUpdate/step4`, {
    id,
    sections: [{ title: 'الأساسيات', lectures: [{ title: 'القلم' }] }],
  });
  const form = new FormData();
  // The server checks the text fields before it stores a byte, so they go first.
  form.append('id', String(id));
  form.append('lecture_id', String(outline.sections[0]!.lectures[0]!.id));
  form.append('file', new Blob([CLIP], { type: 'video/mp4' }), 'clip.mp4');
  await api(login, 'POST', `${base}/step4/upload`, form);
  const saved = await api<{ state: { approve_status: string; completion_status: string } }>(login, 'POST', `${base}/addUpdate/step6`, { id, tags: ['خط'] });
  expect(saved.state).toMatchObject({ approve_status: 'pending', completion_status: 'complete' });
  return id;
}

async function openAs(page: Page, role: Role, login: LoginData, url: string, language: Language = 'ar') {
  await seedSession(page, role, login, { language });
  await page.goto(url);
  await settled(page);
}

const rows = (page: Page) => page.getByTestId('course-row');
const row = (page: Page, title: string) => rows(page).filter({ has: page.getByTestId('course-row-title').getByText(title, { exact: true }) });

async function rowCount(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="course-row"]').length === n, count);
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('instructor course list', () => {
  it('filters by status and search, keeps the filters in the address, paginates and shows the empty state of a filter', async () => {
    const { page } = await e2e.open();
    const { login, id } = await signedIn('instructor');
    const tag = unique();
    await Promise.all(Array.from({ length: 11 }, (_, i) => createCourse({ instructorId: id, title: `مسودة ${tag} ${i + 1}`, approveStatus: 'draft', completionStatus: 'incomplete' })));
    const rejected = await createCourse({ instructorId: id, title: `مرفوضة ${tag}`, approveStatus: 'rejected', reviewMessage: `أضف تمارين للقسم الثاني ${tag}` });

    await openAs(page, 'instructor', login, '/instructor/courses');
    await page.getByRole('heading', { level: 1, name: tr('ar', 'authoring.list.title') }).waitFor();
    await rowCount(page, 10);
    expect(await page.getByTestId('course-list-total').textContent()).toBe(tr('ar', 'authoring.list.total', { count: 12 }));

    // Page 2 holds the rest, and a reload stays there.
    await page.getByRole('button', { name: tr('ar', 'mycourses.pager.page', { page: 2 }) }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await rowCount(page, 2);
    await page.reload();
    await settled(page);
    await rowCount(page, 2);

    // Status filter: only the rejected course, with the reviewer's message; the filter starts again at page 1.
    await choose(page, 'course-list-status', tr('ar', 'authoring.status.rejected'));
    await page.waitForURL((url) => url.searchParams.get('status') === 'rejected' && !url.searchParams.has('page'));
    await rowCount(page, 1);
    const rejectedRow = row(page, rejected.title);
    expect(await rejectedRow.getByTestId('course-status').getAttribute('data-status')).toBe('rejected');
    expect(await rejectedRow.getByTestId('course-row-review').textContent()).toContain(`أضف تمارين للقسم الثاني ${tag}`);

    // Back restores the unfiltered page 2.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && !url.searchParams.has('status'));
    await rowCount(page, 2);

    // Search is sent with Enter and narrows to the matching title.
    const search = page.getByRole('textbox', { name: labelled('ar', 'authoring.list.search') });
    await search.fill(`مسودة ${tag} 7`);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === `مسودة ${tag} 7`);
    await rowCount(page, 1);
    await row(page, `مسودة ${tag} 7`).waitFor();

    // A search that matches nothing says so and offers to clear the filters.
    await search.fill(`لا-شيء-${tag}`);
    await page.getByRole('button', { name: tr('ar', 'authoring.list.searchSubmit'), exact: true }).click();
    await page.getByRole('heading', { name: tr('ar', 'authoring.list.noMatch.title') }).waitFor();
    expect(await rows(page).count()).toBe(0);
    await page.getByTestId('course-list-clear').click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await rowCount(page, 10);
    expect(await search.inputValue()).toBe('');
  });

  it('deletes a course only after the confirmation, and explains why a course with an enrolment cannot be deleted', async () => {
    const { page } = await e2e.open();
    const { login, id } = await signedIn('instructor');
    const tag = unique();
    const doomed = await createCourse({ instructorId: id, title: `للحذف ${tag}`, approveStatus: 'draft', completionStatus: 'incomplete' });
    const taken = await createCourse({ instructorId: id, title: `فيها مسجلون ${tag}` });
    await enrollParticipant(taken.id);

    await openAs(page, 'instructor', login, '/instructor/courses');
    await rowCount(page, 2);
    expect(await row(page, taken.title).getByTestId('course-row-enrolments').textContent()).toBe('1');

    // Cancel keeps the course.
    await row(page, doomed.title).getByRole('button', { name: tr('ar', 'authoring.list.deleteCourse', { title: doomed.title }) }).click();
    const dialog = page.getByRole('dialog', { name: tr('ar', 'authoring.list.deleteTitle') });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(doomed.title);
    await page.getByTestId('course-delete-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, doomed.title).count()).toBe(1);

    // Confirm deletes it: the server's message, one course left.
    await row(page, doomed.title).getByRole('button', { name: tr('ar', 'authoring.list.deleteCourse', { title: doomed.title }) }).click();
    await page.getByTestId('course-delete-confirm').click();
    await page.getByTestId('course-list-result').filter({ hasText: tr('ar', 'api.authoring.course_deleted') }).waitFor();
    await rowCount(page, 1);

    // A course with an enrolment stays, with the server's message (its 409 and what stays stored: ownership.test.ts, "deleting a course").
    await row(page, taken.title).getByRole('button', { name: tr('ar', 'authoring.list.deleteCourse', { title: taken.title }) }).click();
    await page.getByTestId('course-delete-confirm').click();
    await page.getByTestId('course-list-result').filter({ hasText: tr('ar', 'api.authoring.delete_has_enrollments') }).waitFor();
    await rowCount(page, 1);
    expect(await row(page, taken.title).count()).toBe(1);
  });

  it('invites an instructor without courses to create the first one', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('instructor');
    await openAs(page, 'instructor', login, '/instructor/courses');
    await page.getByRole('heading', { name: tr('ar', 'authoring.list.empty.instructor.title') }).waitFor();
    await page.getByRole('link', { name: tr('ar', 'authoring.list.createFirst') }).click();
    await waitForPath(page, '/instructor/courses/new');
  });
});

describe('admin review', () => {
  it('rejects a submitted course with a message; the admin lands on the list with the answer', async () => {
    const { page } = await e2e.open();
    const tag = unique();
    const instructor = await signedIn('instructor', `مدرّب ${tag}`);
    const title = `الخط العربي ${tag}`;
    const courseId = await submittedCourse(instructor.login, title);
    const admin = await signedIn('admin');

    await openAs(page, 'admin', admin.login, '/admin/courses');
    const search = page.getByRole('textbox', { name: labelled('ar', 'authoring.list.search') });
    await search.fill(tag);
    await search.press('Enter');
    await rowCount(page, 1);
    expect(await row(page, title).getByTestId('course-row-instructor').textContent()).toBe(`مدرّب ${tag}`);
    expect(await row(page, title).getByTestId('course-status').getAttribute('data-status')).toBe('pending');

    await row(page, title).getByTestId('course-row-title').click();
    await waitForPath(page, `/admin/courses/${courseId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByTestId('course-description').innerHTML()).toBe('<p>تعلّم <strong>خط النسخ</strong>.</p>');
    expect(await page.getByTestId('course-lecture').getAttribute('data-has-video')).toBe('true');
    expect(await page.getByTestId('course-missing').count()).toBe(0);

    // Rejecting needs a reason.
    await page.getByTestId('review-reject').click();
    await page.getByText(tr('ar', 'authoring.review.messageRequired')).waitFor();
    await page.getByRole('textbox', { name: labelled('ar', 'authoring.review.message') }).fill(`الصوت منخفض في المحاضرة الأولى ${tag}`);
    await page.getByTestId('review-reject').click();
    await waitForPath(page, '/admin/courses');
    await page.getByTestId('course-list-result').filter({ hasText: tr('ar', 'api.authoring.rejected') }).waitFor();

    // That the instructor's list then shows the decision and the reason: authoring-journey.e2e.ts.
  });

  it('approves a submitted course without a message: the admin lands on the list with the answer, said once', async () => {
    const { page } = await e2e.open();
    const tag = unique();
    const instructor = await signedIn('instructor');
    const title = `النحو الميسّر ${tag}`;
    const courseId = await submittedCourse(instructor.login, title);
    const admin = await signedIn('admin');

    await openAs(page, 'admin', admin.login, `/admin/courses/${courseId}`, 'en');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('review-approve').click();
    await waitForPath(page, '/admin/courses');
    // The server's answer; that the course is then approved and public: workflow.test.ts ("the review workflow end to end").
    await page.getByTestId('course-list-result').filter({ hasText: tr('en', 'api.authoring.approved') }).waitFor();

    // The answer was said once: a reload does not repeat it.
    await page.reload();
    await settled(page);
    await rows(page).first().waitFor();
    expect(await page.getByTestId('course-list-result').count()).toBe(0);
  });

  it('shows the server refusal in place when a draft is approved, and a not-found state for an unknown course', async () => {
    const { page } = await e2e.open();
    const admin = await signedIn('admin');
    const draft = await createCourse({ title: `مسودة للمراجعة ${unique()}`, approveStatus: 'draft', completionStatus: 'incomplete' });
    await openAs(page, 'admin', admin.login, `/admin/courses/${draft.id}`);
    await page.getByRole('heading', { level: 1, name: draft.title }).waitFor();
    await page.getByTestId('review-approve').click();
    await page.getByTestId('review-failure').filter({ hasText: tr('ar', 'api.authoring.not_submitted') }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/courses/${draft.id}`);

    await page.goto('/admin/courses/2147483000');
    await settled(page);
    await page.getByRole('heading', { level: 1, name: tr('ar', 'authoring.view.notFound.title') }).waitFor();
    expect(await page.getByRole('link', { name: tr('ar', 'authoring.view.back') }).getAttribute('href')).toBe('/admin/courses');
  });
});

describe('instructor dashboard', () => {
  it('counts courses by status, enrolments and paid revenue, and lists the recent courses', async () => {
    const { page } = await e2e.open();
    const tag = unique();
    const { login, id } = await signedIn('instructor', `هند ${tag}`);
    const sold = await createCourse({ instructorId: id, title: `منشورة ${tag}`, price: 120 });
    const draft = await createCourse({ instructorId: id, title: `مسودة ${tag}`, approveStatus: 'draft', completionStatus: 'incomplete' });
    await enrollParticipant(sold.id, { amount: 120 });
    // A pending order is no revenue.
    await enrollParticipant(sold.id, { amount: 120, status: 'pending' });

    await openAs(page, 'instructor', login, '/instructor/dashboard');
    await page.getByRole('heading', { level: 1, name: tr('ar', 'dashboard.welcome', { name: `هند ${tag}` }) }).waitFor();
    const figure = (testId: string) => page.getByTestId(testId).textContent();
    expect(await figure('dashboard-courses-total')).toBe('2');
    expect(await figure('dashboard-courses-approved')).toBe('1');
    expect(await figure('dashboard-courses-draft')).toBe('1');
    expect(await figure('dashboard-courses-pending')).toBe('0');
    expect(await figure('dashboard-enrolments-total')).toBe('1');
    expect(await figure('dashboard-paid-orders')).toBe('1');
    expect(await figure('dashboard-revenue-total')).toBe(formatMoney(12_000, 'SAR', 'ar'));

    await page.getByTestId('dashboard-recent-course').first().waitFor();
    const recent = await page.getByTestId('dashboard-recent-course').allTextContents();
    expect(recent).toHaveLength(2);
    expect(recent.join(' ')).toContain(sold.title);
    expect(recent.join(' ')).toContain(draft.title);
    await page.getByRole('link', { name: tr('ar', 'authoring.list.editCourse', { title: draft.title }) }).click();
    await waitForPath(page, `/instructor/courses/${draft.id}/edit/1`);
  });

  it('invites a new instructor to create the first course', async () => {
    const { page } = await e2e.open();
    const { login } = await signedIn('instructor');
    await openAs(page, 'instructor', login, '/instructor/dashboard');
    await page.getByRole('heading', { name: tr('ar', 'authoring.dashboard.empty.title') }).waitFor();
    expect(await page.getByTestId('dashboard-create-first').getAttribute('href')).toBe('/instructor/courses/new');
  });
});

describe('a course gradebook', () => {
  const learners = (page: Page) => page.getByTestId('gradebook-row');
  async function learnerCount(page: Page, count: number) {
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="gradebook-row"]').length === n, count);
  }
  const names = async (page: Page) => (await page.getByTestId('gradebook-learner').allTextContents()).sort();

  it('is opened from the course, filters to the learner who failed an item, finds إيمان by ايمان as typed, keeps both in the address, and saves the settings', async () => {
    const { page } = await e2e.open();
    const tag = unique();
    const { login, id } = await signedIn('instructor');
    const { course } = await gradebookCourse(id, tag);

    await openAs(page, 'instructor', login, `/instructor/courses/${course.id}`);
    await page.getByTestId('course-view-gradebook').click();
    await waitForPath(page, `/instructor/gradebook/${course.id}`);
    await page.getByRole('heading', { level: 1, name: tr('ar', 'gradebook.title') }).waitFor();
    await learnerCount(page, 4);
    expect(await page.getByTestId('gradebook-fact-learners').locator('dd').textContent()).toBe('4');
    expect(await page.getByTestId('gradebook-fact-failed').locator('dd').textContent()).toBe('1');
    // By name: Ahmad, Iman, Sara, Lina in the database's Arabic order, each a link to the learner's record.
    const ahmad = learners(page).filter({ hasText: `أحمد الفائز ${tag}` });
    expect(await ahmad.getByTestId('gradebook-learner').getAttribute('href')).toMatch(new RegExp(`^/instructor/record/${course.id}/\\d+$`));
    expect(await ahmad.getByTestId('gradebook-final').getAttribute('data-passed')).toBe('true');
    expect(await ahmad.getByTestId('gradebook-cell').evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-state'), cell.hasAttribute('data-late')]))).toEqual([
      ['passed', false],
      ['passed', false],
      ['passed', true],
    ]);

    // "Failed an item": exactly the learner who failed the first assessment, and the address says so.
    await choose(page, 'gradebook-filter', tr('ar', 'gradebook.filter.failed'));
    await page.waitForURL((url) => url.searchParams.get('filter') === 'failed');
    await learnerCount(page, 1);
    expect(await names(page)).toEqual([`لينا الراسبة ${tag}`]);
    expect(await learners(page).getByTestId('gradebook-cell').first().getAttribute('data-state')).toBe('failed');
    // Back brings every learner again.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('filter'));
    await learnerCount(page, 4);

    // Typed without a hamza, sent after a pause without Enter: the learner whose name has one, her work waiting.
    const search = page.getByRole('textbox', { name: labelled('ar', 'gradebook.toolbar.search') });
    await search.fill('ايمان');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ايمان');
    await learnerCount(page, 1);
    expect(await names(page)).toEqual([`إيمان المنتظرة ${tag}`]);
    expect(await learners(page).getByTestId('gradebook-cell').first().getAttribute('data-state')).toBe('pending');
    // A reload keeps the search, in the box too.
    await page.reload();
    await settled(page);
    await learnerCount(page, 1);
    expect(await search.inputValue()).toBe('ايمان');

    // A search that matches nobody says so, and offers every learner again.
    await search.fill(`لا-أحد-${tag}`);
    await search.press('Enter');
    await page.getByRole('heading', { name: tr('ar', 'gradebook.noMatch.title') }).waitFor();
    await page.getByTestId('gradebook-clear').click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await learnerCount(page, 4);

    // Settings: the contract's check refuses an empty pass mark on its field; 95 is saved and Ahmad's 93 no longer passes.
    await page.getByTestId('gradebook-settings-open').click();
    const passMark = page.getByRole('textbox', { name: labelled('ar', 'gradebook.settings.passMark') });
    // The open dialog, which no address reaches, scanned here (docs/accessibility.md).
    await passMark.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await passMark.fill('');
    await page.getByTestId('gradebook-settings-save').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="gradebook-pass-mark"]')?.getAttribute('aria-invalid') === 'true');
    await passMark.fill('95');
    await page.getByTestId('gradebook-settings-save').click();
    await page.getByTestId('gradebook-settings-saved').filter({ hasText: tr('ar', 'api.gradebook.saved') }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelector('[data-testid="gradebook-fact-passMark"] dd')?.textContent === '95٪');
    expect(await ahmad.getByTestId('gradebook-final').getAttribute('data-passed')).toBe('false');
  });
});

// The lists, course views, review panel, gradebooks and dashboard once per language: axe once, the layout at 1280 and at
// 375 px (support/audit.ts); with a long title and a rejected course's message in the list.
describe('accessibility of the course lists, course views, gradebooks and the instructor dashboard: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  async function submitted() {
    const tag = unique();
    const instructor = await signedIn('instructor');
    const courseId = await submittedCourse(instructor.login, `دورة طويلة العنوان لاختبار الشاشات الصغيرة ${tag}`);
    await createCourse({ instructorId: instructor.id, title: `Rejected ${tag}`, approveStatus: 'rejected', reviewMessage: 'Please re-record the second lecture.' });
    // A gradebook of four learners: passed with a late assignment, at risk, failed an item, waiting for a check.
    const { course: graded } = await gradebookCourse(instructor.id, tag);
    return { instructor, courseId, gradedId: graded.id };
  }
  for (const language of LANGUAGES) {
    it(`the instructor's list, course view, dashboard and gradebook in ${language}`, async ({ onTestFinished }) => {
      const { instructor, courseId, gradedId } = await submitted();
      const paths = ['/instructor/courses', `/instructor/courses/${courseId}`, '/instructor/dashboard', `/instructor/gradebook/${gradedId}`];
      expect(await auditAll(e2e, { language, role: 'instructor', login: instructor.login, paths, finished: onTestFinished })).toEqual([]);
    });
    it(`the admin's list, course view with the review panel and gradebook in ${language}`, async ({ onTestFinished }) => {
      const { courseId, gradedId } = await submitted();
      expect(await auditAll(e2e, { language, role: 'admin', paths: ['/admin/courses', `/admin/courses/${courseId}`, `/admin/gradebook/${gradedId}`], finished: onTestFinished })).toEqual([]);
    });
  }
});
