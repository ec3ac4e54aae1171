// test:area quiz certificates
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Role } from '@nibras/contract';
import { enrollParticipant } from '../../api/test/factories';
import { createUser, GOOD_PASSWORD, testDatabase } from '../../api/test/harness';
import { eq } from 'drizzle-orm';
import { enrollments, lectureProgress, orders, quizAttempts } from '../../api/src/db/schema';
import { client, openAttempt, quizCourse, rightAnswer, SAMPLE, submit, type BuiltQuestion, type QuestionSpec } from '../../api/src/modules/quiz/quiz.test-kit';
import { auditAll, LANGUAGES, visit, type Language } from './support/audit';
import { seedSession, waitForPath } from './support/browser';
import { apiLogin } from './support/server';
import { e2eSuite } from './support/suite';
import { tr } from './support/translations';

const e2e = e2eSuite({}, { shareContext: true });

function unique(): string {
  return randomBytes(4).toString('hex');
}

async function signIn(page: Page, role: Role, account: { email: string; name: string }, language: Language) {
  await seedSession(page, role, await apiLogin(e2e.server, role, { ...account, password: GOOD_PASSWORD }), { language });
}

/** One question of each type graded by its shape (docs/quizzes.md), for the screens' audits. */
const SHAPED: QuestionSpec[] = [
  { type: 'matching', options: [['Cairo', false], ['Fez', false]], matches: ['Egypt', 'Morocco'] },
  { type: 'ordering', options: [['Fajr', false], ['Dhuhr', false], ['Asr', false]] },
  { type: 'fill_blanks', text: 'The ___ flows through ___.', options: [['Nile', false], ['Egypt', false]] },
  { type: 'numeric', numeric: [3.14, 0.01] },
];

/** A course of a new instructor with one timed assessment: a single choice, a multiple choice and a short answer to check (and `more`). */
async function timedQuiz(title: string, more: QuestionSpec[] = []) {
  const instructor = await createUser('instructor', { name: `Teacher ${unique()}` });
  const quiz = await quizCourse({
    instructorId: instructor.id,
    title,
    passMark: 60,
    timeLimitMinutes: 10,
    maxAttempts: 2,
    questions: [
      { type: 'single', points: 2, options: [['Cairo', true], ['Paris', false]] },
      { type: 'multiple', points: 2, options: [['Two', true], ['Three', true], ['Four', false]] },
      { type: 'short', points: 2 },
      ...more,
    ],
  });
  const { participant } = await enrollParticipant(quiz.course.id);
  return { ...quiz, instructor, participant };
}

/** A participant's first attempt straight through the API: all wrong, or waiting for a check with `essay`. */
async function submitThroughApi(quiz: Awaited<ReturnType<typeof timedQuiz>>, participant = quiz.participant, essay?: string) {
  const login = await apiLogin(e2e.server, 'participant', { ...participant, password: GOOD_PASSWORD });
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${e2e.server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${login.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { attempt: { id: number } } }).data;
  };
  const details = await call('GET', `/api/participant/assessment-details/${quiz.assessment.id}?start=1`);
  const answers = essay ? [{ question_id: quiz.questions[2]!.id, text: essay }] : [];
  await call('POST', '/api/quiz/answer', { attempt_id: details.attempt.id, idempotency_key: crypto.randomUUID(), answers });
}

const fieldset = (page: Page, n: number) => page.getByTestId('quiz-question').nth(n - 1);

/**
 * How a question's text and its options lie: the computed direction of the text and of each option's label, and
 * whether each radio or box starts where the text starts (on its reading start side) with its label after it.
 */
function questionLayout(question: ReturnType<typeof fieldset>, questionText: string) {
  return question.evaluate((el, wanted) => {
    const text = [...el.querySelectorAll('p')].find((p) => p.textContent === wanted)!;
    const ltr = getComputedStyle(text).direction === 'ltr';
    const start = (r: DOMRect) => (ltr ? r.left : -r.right);
    const textStart = start(text.getBoundingClientRect());
    const options = [...el.querySelectorAll('input[type="radio"], input[type="checkbox"]')].map((input) => {
      const label = el.querySelector(`label[for="${input.id}"]`)!;
      const control = start(input.getBoundingClientRect());
      return { direction: getComputedStyle(label).direction, controlAtTextStart: Math.abs(control - textStart) <= 2, labelAfterControl: start(label.getBoundingClientRect()) > control };
    });
    return { direction: getComputedStyle(text).direction, options };
  }, questionText);
}

// Once, in Arabic: the participant on a phone, the instructor at 1280 px (docs/testing.md). Every screen on the way
// is audited in both languages at both widths: the accessibility block at the end of the file.
describe('an assessment, in Arabic', () => {
  it('participant takes it → sees the immediate part → instructor checks the short answer with feedback → participant sees the final result', async () => {
    const language: Language = 'ar';
    const title = `اختبار الوحدة ${unique()}`;
    const quiz = await timedQuiz(title);
    // Every lecture already watched: the certificate now waits for the assessment alone.
    const { db } = await testDatabase();
    await db.insert(lectureProgress).values({ participantId: quiz.participant.id, lectureId: quiz.lectures[0]!.id, courseId: quiz.course.id, watchedSeconds: 60, completedAt: new Date() });
    const { page } = await e2e.open({ width: 375, height: 800 });
    await signIn(page, 'participant', quiz.participant, language);

    // The list, with where the participant stands.
    await page.goto('/participant/my-assessment');
    const row = page.getByTestId('my-assessment').filter({ hasText: title });
    await expect.poll(() => row.getByTestId('quiz-standing').getAttribute('data-standing')).toBe('not_started');
    await row.getByRole('link').click();

    // Opening shows the rules; the clock starts only after the participant agrees.
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('quiz-start-panel').waitFor();
    expect(await page.getByTestId('quiz-question').count()).toBe(0);
    await page.getByTestId('quiz-start').click();
    await page.getByRole('dialog', { name: tr(language, 'quiz.take.confirmStartTitle') }).waitFor();
    await page.getByTestId('quiz-start-confirm').click();
    await page.getByTestId('quiz-attempt').waitFor();
    await expect.poll(() => page.getByTestId('quiz-clock').textContent()).toMatch(/\d+:\d\d/);

    // The questions are in English on an Arabic page: each question and its options read left to right together.
    for (const n of [1, 2]) {
      const layout = await questionLayout(fieldset(page, n), `Question ${n}`);
      expect(layout.direction).toBe('ltr');
      expect(layout.options.length).toBeGreaterThan(1);
      for (const option of layout.options) expect(option).toEqual({ direction: 'ltr', controlAtTextStart: true, labelAfterControl: true });
    }

    await fieldset(page, 1).getByRole('radio', { name: 'Cairo' }).check();
    await fieldset(page, 2).getByRole('checkbox', { name: 'Two' }).check();
    await fieldset(page, 2).getByRole('checkbox', { name: 'Three' }).check();
    const essay = 'الضوء ينكسر عند انتقاله بين وسطين';
    await fieldset(page, 3).getByRole('textbox').fill(essay);

    // A reload keeps the attempt, its clock and the answers given so far.
    await page.reload();
    await page.getByTestId('quiz-attempt').waitFor();
    expect(await fieldset(page, 1).getByRole('radio', { name: 'Cairo' }).isChecked()).toBe(true);
    expect(await fieldset(page, 3).getByRole('textbox').inputValue()).toBe(essay);

    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/quiz/answer') && r.request().method() === 'POST');
    await page.getByTestId('quiz-submit').click();
    // Answers cannot be changed once sent: the page asks first, and "keep answering" sends nothing.
    const confirm = page.getByRole('dialog', { name: tr(language, 'quiz.take.confirmAllTitle') });
    await confirm.getByRole('button', { name: tr(language, 'quiz.take.keepAnswering') }).first().click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId('quiz-submit').click();
    await confirm.getByText(tr(language, 'quiz.take.confirmAllText')).waitFor();
    await confirm.getByTestId('quiz-submit-confirm').click();
    expect((await submitted).status()).toBe(200);
    const result = page.getByTestId('quiz-result').first();
    await expect.poll(() => result.getAttribute('data-status')).toBe('pending');
    expect(await result.getByTestId('quiz-verdict').evaluateAll((els) => els.map((el) => el.getAttribute('data-verdict')))).toEqual(['right', 'right', 'waiting']);
    expect(await result.getByTestId('quiz-score').textContent()).toContain(tr(language, 'quiz.result.score', { score: 4, max: 6, percent: 66, pass: 60 }));
    await expect.poll(() => page.getByTestId('quiz-closed').textContent()).toBe(tr(language, 'quiz.take.closedPending'));
    expect(await page.getByTestId('quiz-attempt').count()).toBe(0);
    // The certificate waits for the check: the result says so, and no certificate is announced yet.
    expect(await result.textContent()).toContain(tr(language, 'quiz.result.pendingHelp'));
    expect(await page.getByTestId('quiz-certificate').count()).toBe(0);

    // The course player says the certificate waits for the assessment.
    await page.goto(`/participant/learn/${quiz.course.id}`);
    await page.getByTestId('course-assessments-needed').waitFor();
    expect(await page.getByTestId('certificate-alert').count()).toBe(0);

    // The instructor finds it among the submissions to check and marks the short answer.
    const { page: teacher } = await e2e.open({ width: 1280, height: 800 });
    await signIn(teacher, 'instructor', quiz.instructor, language);
    await teacher.goto('/instructor/dashboard');
    const waiting = teacher.getByTestId('quiz-unchecked');
    await expect.poll(() => waiting.textContent()).toContain(tr(language, 'quiz.review.unchecked', { count: 1 }));
    await waiting.getByRole('link', { name: tr(language, 'quiz.review.showUnchecked') }).click();
    await teacher.waitForURL((url) => url.pathname === '/instructor/assessment-summary' && url.searchParams.get('status') === 'pending');
    const submission = teacher.getByTestId('quiz-submission').filter({ hasText: quiz.participant.name });
    await submission.waitFor();
    await submission.getByRole('link', { name: new RegExp(tr(language, 'quiz.review.check')) }).click();
    await teacher.getByRole('heading', { level: 1, name: tr(language, 'quiz.check.title', { name: quiz.participant.name }) }).waitFor();
    const short = teacher.getByTestId('quiz-check-question').nth(2);
    expect(await short.textContent()).toContain(essay);
    await short.getByRole('radio', { name: tr(language, 'quiz.verdict.right') }).check();
    const feedback = 'أحسنت الشرح';
    await short.getByTestId('quiz-feedback-input').fill(feedback);
    // Leaving with a mark not saved asks first; staying keeps it.
    await teacher.getByRole('link', { name: tr(language, 'quiz.check.back') }).click();
    await teacher.getByRole('dialog', { name: tr(language, 'authoring.editor.unsaved.title') }).getByTestId('unsaved-stay').click();
    expect(await short.getByTestId('quiz-feedback-input').inputValue()).toBe(feedback);
    await teacher.getByTestId('quiz-save-marks').click();
    await teacher.getByTestId('quiz-check-result').waitFor();
    await expect.poll(() => teacher.getByTestId('quiz-standing').first().getAttribute('data-standing')).toBe('passed');
    expect(await teacher.getByTestId('quiz-score').textContent()).toContain(tr(language, 'quiz.result.score', { score: 6, max: 6, percent: 100, pass: 60 }));

    // The participant's list says passed, and the assessment shows the final result and the feedback.
    await page.goto('/participant/my-assessment');
    await expect.poll(() => row.getByTestId('quiz-standing').getAttribute('data-standing')).toBe('passed');
    await row.getByRole('link').click();
    await waitForPath(page, `/participant/my-assessment/${quiz.assessment.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => page.getByTestId('quiz-result').first().getAttribute('data-status')).toBe('passed');
    expect(await page.getByTestId('quiz-feedback').first().textContent()).toContain(feedback);
    expect(await page.getByTestId('quiz-closed').textContent()).toBe(tr(language, 'quiz.take.closedPassed'));
    expect(await page.getByTestId('quiz-start').count()).toBe(0);

    // Passing the assessment earned the certificate; the player lists the assessment as passed.
    await page.goto(`/participant/learn/${quiz.course.id}`);
    await page.getByTestId('certificate-alert').waitFor();
    expect(await page.getByTestId('course-assessments-needed').count()).toBe(0);
    const listed = page.getByTestId('course-assessments');
    await expect.poll(() => listed.getByTestId('quiz-standing').getAttribute('data-standing')).toBe('passed');
    expect(await listed.getByRole('link', { name: title }).getAttribute('href')).toBe(`/participant/my-assessment/${quiz.assessment.id}`);
  });

  it('answers matching, ordering (by keyboard), fill-in-the-blanks and a number in Arabic digits; the pass that completes the course says the certificate was earned and links to it', async () => {
    const language: Language = 'ar';
    const instructor = await createUser('instructor', { name: `Teacher ${unique()}` });
    // Questions graded at once, and every lecture already watched: this pass completes the course.
    const quiz = await quizCourse({
      instructorId: instructor.id,
      title: `الاختبار الأخير ${unique()}`,
      questions: [
        ...SAMPLE,
        { type: 'matching', options: [['القاهرة', false], ['فاس', false]], matches: ['مصر', 'المغرب'] },
        { type: 'ordering', options: [['الفجر', false], ['الظهر', false], ['العصر', false], ['المغرب', false]] },
        { type: 'fill_blanks', text: 'يجري ___ في ___.', options: [['النيل', false], ['مصر', false]] },
        { type: 'numeric', numeric: [3.14, 0] },
      ],
    });
    const { participant } = await enrollParticipant(quiz.course.id);
    const { db } = await testDatabase();
    await db.insert(lectureProgress).values({ participantId: participant.id, lectureId: quiz.lectures[0]!.id, courseId: quiz.course.id, watchedSeconds: 60, completedAt: new Date() });
    const { page } = await e2e.open({ width: 375, height: 800 });
    await signIn(page, 'participant', participant, language);
    await page.goto(`/participant/my-assessment/${quiz.assessment.id}`);
    await page.getByTestId('quiz-start').click();
    await page.getByTestId('quiz-attempt').waitFor();
    await fieldset(page, 1).getByRole('radio', { name: 'Cairo' }).check();
    await fieldset(page, 2).getByRole('checkbox', { name: '2' }).check();
    await fieldset(page, 2).getByRole('checkbox', { name: '3' }).check();
    await fieldset(page, 3).getByRole('radio', { name: 'False' }).check();
    await fieldset(page, 4).getByLabel('القاهرة').selectOption({ label: 'مصر' });
    await fieldset(page, 4).getByLabel('فاس').selectOption({ label: 'المغرب' });
    // The items come in an order that says nothing; each is moved up with the keyboard until it is in its place.
    const items = fieldset(page, 5).getByTestId('quiz-order-item');
    const right = ['الفجر', 'الظهر', 'العصر', 'المغرب'];
    const texts = () => items.locator('bdi').allTextContents();
    for (const [place, text] of right.entries()) {
      for (let at = (await texts()).indexOf(text); at > place; at--) {
        await items.nth(at).getByTestId('quiz-order-up').focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => items.nth(at - 1).locator('bdi').textContent()).toBe(text);
        // The moved item's button keeps the focus, and its new place is announced.
        expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="quiz-order-item"]')?.querySelector('bdi')?.textContent)).toBe(text);
        expect(await fieldset(page, 5).getByTestId('quiz-order-status').textContent()).toContain(text);
      }
    }
    expect(await texts()).toEqual(right);
    // Tashkeel folds as in search: النّيل is النيل.
    await fieldset(page, 6).getByRole('textbox', { name: tr(language, 'quiz.take.blank', { number: 1 }) }).fill('النّيل');
    await fieldset(page, 6).getByRole('textbox', { name: tr(language, 'quiz.take.blank', { number: 2 }) }).fill('مصر');
    await fieldset(page, 7).getByTestId('quiz-number').fill('٣٫١٤');
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/quiz/answer') && r.request().method() === 'POST');
    await page.getByTestId('quiz-submit').click();
    await page.getByTestId('quiz-submit-confirm').click();
    const answered = (await submitted).request().postDataJSON() as { answers: { number?: number }[] };
    expect(answered.answers.find((answer) => answer.number !== undefined)?.number).toBe(3.14);
    const code = ((await (await submitted).json()) as { data: { certificate: { code: string } | null } }).data.certificate?.code;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const earned = page.getByTestId('quiz-certificate');
    await earned.waitFor();
    expect(await earned.textContent()).toContain(tr(language, 'quiz.result.certificateTitle'));
    await expect.poll(() => page.getByTestId('quiz-result').first().getAttribute('data-status')).toBe('passed');
    const link = earned.getByRole('link', { name: tr(language, 'quiz.result.certificateOpen') });
    expect(await link.getAttribute('href')).toBe(`/certificate/${code}`);
    await link.click();
    await waitForPath(page, `/certificate/${code}`);
    await expect.poll(() => page.getByTestId('certificate-code').textContent()).toBe(code);
  });
});

/** An assignment of the course's first section through the instructor's API (the form itself is the journey's). */
async function addAssignment(instructorToken: string, courseId: number, sectionId: number, body: Record<string, unknown>) {
  const res = await client(e2e.server.app, instructorToken).post('/api/instructor/assignments/save', { course_id: courseId, section_id: sectionId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

describe('an assignment, in Arabic', () => {
  it('instructor sets one with a rubric → participant hands in a file, and a text answer twice → instructor grades from the queue → participant sees the grade', async () => {
    const language: Language = 'ar';
    const quiz = await timedQuiz(`دورة الواجبات ${unique()}`);
    const courseId = quiz.course.id;
    const teacherLogin = await apiLogin(e2e.server, 'instructor', { ...quiz.instructor, password: GOOD_PASSWORD });
    // The text assignment through the API; the file one with its rubric through the form.
    const reflection = await addAssignment(teacherLogin.token, courseId, quiz.lectures[0]!.sectionId, { title: `تأمل ${unique()}`, kind: 'text', points: 10 });

    const { page: teacher } = await e2e.open({ width: 1280, height: 800 });
    await seedSession(teacher, 'instructor', teacherLogin, { language });
    await teacher.goto(`/instructor/courses/${courseId}/assignments`);
    await teacher.getByTestId('authored-assignment').first().waitFor();
    await teacher.getByTestId('assignment-add').click();
    const form = teacher.getByTestId('assignment-form');
    const title = `مقال ${unique()}`;
    await form.getByTestId('assignment-title').fill(title);
    await form.getByTestId('assignment-instructions-editor').fill('اكتب مقالًا عن النحو.');
    await form.getByTestId('assignment-type-txt').check();
    for (const [criterion, points] of [['الوضوح', '6'], ['المصادر', '4']] as const) {
      await form.getByTestId('assignment-rubric-add').click();
      const row = form.getByTestId('assignment-rubric-row').last();
      await row.getByRole('textbox').first().fill(criterion);
      await row.getByRole('textbox').nth(1).fill(points);
    }
    // The full mark is the rubric's sum, and cannot be typed.
    await expect.poll(() => form.getByTestId('assignment-points').inputValue()).toBe('10');
    await form.getByTestId('assignment-save').click();
    const essay = teacher.getByTestId('authored-assignment').filter({ hasText: title });
    await essay.waitFor();
    const essayId = Number(await essay.getAttribute('data-assignment-id'));
    expect(await teacher.getByTestId('course-assignments-notice').count()).toBe(1);

    // The participant, on a phone: the course's assignments from My courses, a file, then a text answer twice.
    const { page } = await e2e.open({ width: 375, height: 800 });
    await signIn(page, 'participant', quiz.participant, language);
    await page.goto('/participant/my-courses');
    await page.getByTestId('mycourses-assignments').first().click();
    await page.getByTestId('my-assignment').filter({ hasText: title }).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('assignment-file-form').locator('input[type="file"]').setInputFiles({ name: 'essay.txt', mimeType: 'text/plain', buffer: Buffer.from('النحو علم يعرف به إعراب الكلام.\n') });
    await page.getByTestId('assignment-submit').click();
    await page.getByTestId('assignment-handed-in').waitFor();
    expect(await page.getByTestId('assignment-file-name').textContent()).toContain('essay.txt');
    await expect.poll(() => page.getByTestId('assignment-standing').getAttribute('data-standing')).toBe('submitted');

    await visit(page, `/participant/assignment/${reflection.id}`);
    await page.getByTestId('assignment-text-input').fill('السطر الأول');
    await page.getByTestId('assignment-submit').click();
    await page.getByTestId('assignment-handed-in').waitFor();
    // Handing in again asks first: it replaces what was handed in.
    await page.getByTestId('assignment-text-input').fill('السطر الأول\nالسطر الثاني');
    await page.getByTestId('assignment-submit').click();
    await page.getByRole('dialog', { name: tr(language, 'assignments.replace.title') }).getByTestId('assignment-replace-confirm').click();
    await expect.poll(() => page.getByTestId('assignment-versions').textContent()).toBe(tr(language, 'assignments.handIn.versions', { count: 2 }));
    expect(await page.getByTestId('assignment-text').innerText()).toBe('السطر الأول\nالسطر الثاني');

    // The instructor grades the file from the queue, one score per criterion.
    await visit(teacher, '/instructor/grading');
    const item = teacher.getByTestId('grading-queue-item').filter({ hasText: title });
    await item.getByTestId('grading-queue-open').click();
    await teacher.getByRole('heading', { level: 1, name: tr(language, 'assignments.grading.title', { name: quiz.participant.name }) }).waitFor();
    const criteria = teacher.getByTestId('grade-criterion');
    await criteria.nth(0).fill('5');
    await criteria.nth(1).fill('3');
    await expect.poll(() => teacher.getByTestId('grade-total').textContent()).toBe(tr(language, 'assignments.grade.total', { score: 8, points: 10, percent: 80 }));
    await teacher.getByTestId('grade-feedback').fill('مقال واضح');
    await teacher.getByTestId('grade-save').click();
    await teacher.getByTestId('grade-saved').waitFor();

    // The participant sees the grade, the rubric's points and the feedback.
    await visit(page, `/participant/assignment/${essayId}`);
    await expect.poll(() => page.getByTestId('assignment-standing').getAttribute('data-standing')).toBe('passed');
    expect(await page.getByTestId('assignment-feedback').textContent()).toBe('مقال واضح');
    expect(await page.getByTestId('assignment-rubric-scores').locator('tbody tr').count()).toBe(2);
  });
});

describe('redirects, list URLs and the clock', () => {
  it('a participant opening an assessment they cannot take goes back to their assessments with the reason', async () => {
    const quiz = await timedQuiz(`Closed ${unique()}`);
    const outsider = await createUser('participant');
    const { page } = await e2e.open();
    await signIn(page, 'participant', outsider, 'en');
    await page.goto(`/participant/my-assessment/${quiz.assessment.id}`);
    await waitForPath(page, '/participant/my-assessment');
    expect(await page.getByTestId('quiz-notice').textContent()).toBe('You are not enrolled in this course.');
  });

  it('an instructor opening another instructor’s submission goes back to the assessment summary', async () => {
    const quiz = await timedQuiz(`Other ${unique()}`);
    const other = await createUser('instructor');
    const { page } = await e2e.open();
    await signIn(page, 'instructor', other, 'en');
    await page.goto(`/instructor/assessment-summary/${quiz.course.id}/2147483000`);
    await waitForPath(page, '/instructor/assessment-summary');
    await page.getByTestId('quiz-notice').waitFor();
  });

  it('an admin opening an unknown submission goes back to /admin/Assessment, whose list reads the spec’s ?course_id=1?page=2', async () => {
    const quiz = await timedQuiz(`Admin ${unique()}`);
    const admin = await createUser('admin');
    const { page } = await e2e.open();
    await signIn(page, 'admin', admin, 'en');
    await page.goto('/admin/Assessment/1/2147483000');
    await waitForPath(page, '/admin/Assessment');
    await page.getByTestId('quiz-notice').waitFor();

    // One submission in this course; the spec's URL shape filters to it, with the page after a second "?".
    await submitThroughApi(quiz);
    await page.goto(`/admin/Assessment?course_id=${quiz.course.id}?page=1`);
    const rows = page.getByTestId('quiz-submission');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(quiz.participant.name);
    expect(await page.getByTestId('quiz-filter-course').inputValue()).toBe(quiz.course.title);
  });

  it('the assessment summary pages 10 at a time from the spec’s URL and filters by status', async () => {
    const quiz = await timedQuiz(`Paged ${unique()}`);
    const others = await Promise.all(Array.from({ length: 11 }, () => enrollParticipant(quiz.course.id)));
    await Promise.all(others.map(({ participant }) => submitThroughApi(quiz, participant)));
    await submitThroughApi(quiz, quiz.participant, 'An answer to check');
    const { page } = await e2e.open();
    await signIn(page, 'instructor', quiz.instructor, 'en');
    await page.goto(`/instructor/assessment-summary?course_id=${quiz.course.id}?page=2`);
    await expect.poll(() => page.getByTestId('quiz-total').textContent()).toBe(tr('en', 'quiz.review.total', { count: 12 }));
    expect(await page.getByTestId('quiz-submission').count()).toBe(2);
    await page.getByRole('button', { name: tr('en', 'mycourses.pager.page', { page: 1 }) }).click();
    await page.waitForURL((url) => url.searchParams.get('course_id') === String(quiz.course.id) && !url.searchParams.has('page'));
    await expect.poll(() => page.getByTestId('quiz-submission').count()).toBe(10);

    await page.getByTestId('quiz-filter-status').click();
    await page.getByRole('option', { name: tr('en', 'quiz.standing.pending') }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'pending');
    await expect.poll(() => page.getByTestId('quiz-total').textContent()).toBe(tr('en', 'quiz.review.total', { count: 1 }));
    expect(await page.getByTestId('quiz-submission').getByTestId('quiz-standing').getAttribute('data-standing')).toBe('pending');
  });

  it('sends the answers by itself when the clock reaches zero', async () => {
    const quiz = await timedQuiz(`Clock ${unique()}`);
    const { page } = await e2e.open();
    await signIn(page, 'participant', quiz.participant, 'en');
    await page.goto(`/participant/my-assessment/${quiz.assessment.id}`);
    await page.getByTestId('quiz-start').click();
    await page.getByTestId('quiz-start-confirm').click();
    await page.getByTestId('quiz-attempt').waitFor();
    await fieldset(page, 1).getByRole('radio', { name: 'Cairo' }).check();
    // Ten minutes went by: a few seconds are left when the screen opens again.
    const { db } = await testDatabase();
    await db.update(quizAttempts).set({ startedAt: new Date(Date.now() - 10 * 60_000 + 4_000) }).where(eq(quizAttempts.participantId, quiz.participant.id));
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/quiz/answer') && r.request().method() === 'POST', { timeout: 60_000 });
    await page.reload();
    expect((await sent).status()).toBe(200);
    const result = page.getByTestId('quiz-result').first();
    await expect.poll(() => result.getAttribute('data-status')).toBe('failed');
    expect(await result.getByTestId('quiz-verdict').first().getAttribute('data-verdict')).toBe('right');
  });
});

/** Enrols an existing participant in one more course, paid, as factories' enrollParticipant does for a new one. */
async function enrolToo(participantId: number, courseId: number) {
  const { db } = await testDatabase();
  const [order] = await db.insert(orders).values({ participantId, courseId, amountMinor: 0, currency: 'SAR', provider: 'free', status: 'paid', reference: `REF-${unique()}`, paidAt: new Date() }).returning();
  await db.insert(enrollments).values({ participantId, courseId, orderId: order!.id });
}

/**
 * One participant with an assessment in each state an address shows: not started, an attempt open, a
 * submission waiting for its check, and one checked with feedback; and the instructor of the waiting one.
 */
async function assessmentStates() {
  // Every question type on the open attempt and on the waiting submission (its result and the check screen); the
  // other two show the same screens with the first three types only.
  const [notStarted, open, waiting, checked] = await Promise.all(
    (['Rules', 'Open', 'Waiting', 'Checked'] as const).map((name) => timedQuiz(`${name} ${unique()}`, name === 'Open' || name === 'Waiting' ? SHAPED : [])),
  );
  const participant = notStarted!.participant;
  for (const quiz of [open!, waiting!, checked!]) await enrolToo(participant.id, quiz.course.id);
  const login = await apiLogin(e2e.server, 'participant', { ...participant, password: GOOD_PASSWORD });
  const api = client(e2e.server.app, login.token);
  const teacherOfWaiting = await apiLogin(e2e.server, 'instructor', { ...waiting!.instructor, password: GOOD_PASSWORD });
  await openAttempt(api, open!.assessment.id);
  const essay = (quiz: Awaited<ReturnType<typeof timedQuiz>>) => {
    const essayOnly = [rightAnswer(quiz.questions[0]!), { question_id: quiz.questions[2]!.id, text: 'Light bends between two media' }];
    if (quiz.questions.length === 3) return essayOnly;
    const [matching, ordering, blanks, numeric] = quiz.questions.slice(3) as [BuiltQuestion, BuiltQuestion, BuiltQuestion, BuiltQuestion];
    return [
      ...essayOnly,
      // The results show each shape: pairs (one wrong), an order, blanks and a number.
      { question_id: matching.id, matches: [{ option_id: matching.options[0]!.key, choice_id: matching.options[1]!.matchKey }] },
      { question_id: ordering.id, option_ids: [...ordering.options].reverse().map((o) => o.key) },
      { question_id: blanks.id, blanks: ['Nile', 'Sudan'] },
      { question_id: numeric.id, number: 3.14 },
    ];
  };
  const pending = (await submit(api, (await openAttempt(api, waiting!.assessment.id)).id, essay(waiting!))).json().data as { id: number };
  const toCheck = (await submit(api, (await openAttempt(api, checked!.assessment.id)).id, essay(checked!))).json().data as { id: number; answers: { answer_id: number; question_id: number }[] };
  const shortAnswer = toCheck.answers.find((answer) => answer.question_id === checked!.questions[2]!.id)!;
  const teacher = await apiLogin(e2e.server, 'instructor', { ...checked!.instructor, password: GOOD_PASSWORD });
  const marked = await client(e2e.server.app, teacher.token).post('/api/quiz/insUpdateQuiz', { submission_id: toCheck.id, marks: [{ answer_id: shortAnswer.answer_id, correct: true, feedback: 'Well explained.' }] });
  expect(marked.statusCode).toBe(200);
  // Assignments (docs/assignments.md) in the waiting course: one with a rubric handed in as text and graded, one file not handed in.
  const sectionId = waiting!.lectures[0]!.sectionId;
  const graded = await addAssignment(teacherOfWaiting.token, waiting!.course.id, sectionId, {
    title: `Essay ${unique()}`,
    instructions: '<p>Write <strong>two</strong> paragraphs.</p>',
    kind: 'text',
    due_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    points: 10,
    rubric: [{ title: 'Clarity', points: 6 }, { title: 'Sources', points: 4 }],
  });
  const upload = await addAssignment(teacherOfWaiting.token, waiting!.course.id, sectionId, { title: `Report ${unique()}`, kind: 'file', file_types: ['pdf', 'docx'], max_size_mb: 5 });
  const handedIn = await api.post(`/api/participant/assignments/${graded.id}/text`, { text: 'First paragraph.\nSecond paragraph.' });
  expect(handedIn.statusCode, handedIn.body).toBe(200);
  const handIn = (handedIn.json().data as { submission: { id: number } }).submission;
  const gradedNow = await client(e2e.server.app, teacherOfWaiting.token).post('/api/instructor/assignments/grade', { submission_id: handIn.id, rubric_scores: [5, 3], feedback: 'Clear, with sources.' });
  expect(gradedNow.statusCode, gradedNow.body).toBe(200);
  // The learner's record (docs/records.md) of the checked course: the participant's own, and the instructor's of the waiting one.
  const participantPaths = [
    '/participant/my-assessment',
    ...[notStarted!, open!, waiting!, checked!].map((quiz) => `/participant/my-assessment/${quiz.assessment.id}`),
    `/participant/record/${checked!.course.id}`,
    `/participant/course/${waiting!.course.id}/assignments`,
    `/participant/assignment/${graded.id}`,
    `/participant/assignment/${upload.id}`,
  ];
  const instructorPaths = [
    '/instructor/assessment-summary?status=pending',
    `/instructor/assessment-summary/${waiting!.course.id}/${pending.id}`,
    `/instructor/record/${waiting!.course.id}/${participant.id}`,
    `/instructor/courses/${waiting!.course.id}/assignments`,
    `/instructor/courses/${waiting!.course.id}/assignments?edit=new`,
    `/instructor/courses/${waiting!.course.id}/assignments/${graded.id}`,
    '/instructor/grading',
    `/instructor/grading/${handIn.id}`,
  ];
  return { participant: login, instructor: teacherOfWaiting, participantPaths, instructorPaths };
}

// Every screen of the file once per language: axe once, the layout at 1280 and at 375 px (support/audit.ts).
describe('accessibility of the assessment screens: no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px', () => {
  for (const language of LANGUAGES) {
    // Made for each language (the open attempt's ten minutes must not run out before it is audited).
    let states: ReturnType<typeof assessmentStates> | undefined;
    it(`the participant's list, an assessment not started and one open, in ${language}`, async ({ onTestFinished }) => {
      const { participant, participantPaths } = await (states ??= assessmentStates());
      expect(await auditAll(e2e, { language, role: 'participant', login: participant, paths: participantPaths.slice(0, 3), finished: onTestFinished })).toEqual([]);
    });
    it(`a submission waiting for its check and a checked one with feedback, in ${language}`, async ({ onTestFinished }) => {
      const { participant, participantPaths } = await (states ??= assessmentStates());
      expect(await auditAll(e2e, { language, role: 'participant', login: participant, paths: participantPaths.slice(3), finished: onTestFinished })).toEqual([]);
    });
    it(`the instructor's submissions to check and the check screen, the course's assignments, the add form, the hand-ins, the grading queue and screen, in ${language}`, async ({ onTestFinished }) => {
      const { instructor, instructorPaths } = await (states ??= assessmentStates());
      expect(await auditAll(e2e, { language, role: 'instructor', login: instructor, paths: instructorPaths, finished: onTestFinished })).toEqual([]);
    });
  }
});
