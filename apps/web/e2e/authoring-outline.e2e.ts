// test:area authoring media
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { createCategory } from '../../api/test/factories';
import { testDatabase } from '../../api/test/harness';
import { lectures } from '../../api/src/db/schema';
import { seedSession } from './support/browser';
import { auditAll, axeViolations, resize, settled, type Language } from './support/audit';
import { apiLogin, newAccount, type LoginData } from './support/server';
import { e2eSuite } from './support/suite';
import { labelled, tr } from './support/translations';

const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-web-outline-'));
const e2e = e2eSuite({ dataDir }, { shareContext: true });
/** The seed's real 8-second H.264 clip. */
const CLIP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/src/seed/media/clip-a.mp4');

interface OutlineData {
  sections: { id: number; title: string; lectures: { id: number; title: string; has_video: boolean; duration_seconds: number }[] }[];
}
interface AssessmentData {
  assessments: {
    title: string;
    pass_mark: number;
    questions: { type: string; text: string; accepted_answers: string[]; options: { text: string; is_correct: boolean }[] }[];
    draws: { topic_id: number; count: number; points: number }[];
  }[];
  topics: { id: number; title: string; questions: { text: string; topic_id: number | null; assessment_id: number | null }[] }[];
}

/** How long a poll may wait for the screen to catch up (the machine running the tests may be busy). */
const WAIT = { timeout: 15_000 };

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

async function api<T>(login: LoginData, method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const response = await fetch(`${e2e.server.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${login.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { data: T };
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** The server's answer to a body it refuses: its message and its field messages. */
async function refusal(login: LoginData, url: string, body: object): Promise<{ status: number; message: string; errors: Record<string, string> }> {
  const response = await fetch(`${e2e.server.baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json', 'accept-language': 'ar' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { message: string; errors?: Record<string, string> };
  return { status: response.status, message: json.message, errors: json.errors ?? {} };
}

/** The message shown under a field, found through the field's aria-describedby as a screen reader would. */
async function fieldMessage(page: Page, field: Locator): Promise<string | null> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  for (const id of ids) {
    const described = page.locator(`[id="${id}"]`);
    if ((await described.count()) > 0 && id.endsWith('-error')) return described.textContent();
  }
  return null;
}

/** Counts the saves of a step the page sends from now on. */
function countSaves(page: Page, step: 4 | 5): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/instructor/course/addUpdate/step${step}`)) sent += 1;
  });
  return () => sent;
}

/** An instructor with a draft course made through step 1 of the API. */
async function instructorCourse() {
  const account = await newAccount('instructor');
  const login = await apiLogin(e2e.server, 'instructor', account);
  const category = await createCategory();
  const course = await api<{ id: number }>(login, 'POST', '/api/instructor/course/addUpdate/step1', {
    title: `دورة الخط العربي ${unique()}`,
    category_id: category.id,
    language: 'ar',
    level: 'beginner',
    price: 0,
  });
  return { login, courseId: course.id };
}

async function openStep(page: Page, login: LoginData, courseId: number, step: 4 | 5, language: Language = 'ar') {
  await seedSession(page, 'instructor', login, { language });
  await page.goto(`/instructor/courses/${courseId}/edit/${step}`);
  await settled(page);
  await page.getByTestId(step === 4 ? 'step4-outline' : 'step5-assessments').waitFor();
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

const sections = (page: Page) => page.getByTestId('outline-section');
const lectureRow = (page: Page, title: string) => page.getByTestId('outline-lecture').filter({ has: page.locator(`input[value="${title}"]`) });

/** The lecture titles of each section, in the order the form shows them. */
async function shownOutline(page: Page): Promise<string[][]> {
  return sections(page).evaluateAll((nodes) =>
    nodes.map((section) => [...section.querySelectorAll<HTMLInputElement>('[data-testid="lecture-title"]')].map((input) => input.value)),
  );
}

async function storedOutline(login: LoginData, courseId: number): Promise<string[][]> {
  const data = await api<OutlineData>(login, 'GET', `/api/instructor/course/edit/step4/${courseId}`);
  return data.sections.map((s) => s.lectures.map((l) => l.title));
}

async function saveOutline(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/instructor/course/addUpdate/step4'));
  await page.getByTestId('save-outline').click();
  expect((await saved).status()).toBe(200);
  await page.getByTestId('step4-unsaved').waitFor({ state: 'detached' });
}

async function fillLast(locator: Locator, value: string) {
  await locator.last().fill(value);
}

describe('course editor, step 4: sections and lectures', () => {
  it('builds an outline, reorders by keyboard and by drag and drop, saves it, uploads a video (resuming after a dropped connection and after the tab is closed and reopened) and deletes a lecture', async () => {
    // Tall enough that a dragged lecture and its target (each row with its type, preview switch and uploads) are both in
    // view: a drag that has to scroll loses the pointer's place.
    let { page } = await e2e.open({ height: 1400 });
    const { login, courseId } = await instructorCourse();
    await openStep(page, login, courseId, 4);
    await page.getByTestId('step4-empty').waitFor();

    const [a, b, c] = [`مقدمة ${unique()}`, `الأدوات ${unique()}`, `الحروف ${unique()}`];
    await page.getByTestId('add-section').click();
    await fillLast(page.getByTestId('section-title'), 'البداية');
    await sections(page).nth(0).getByTestId('add-lecture').click();
    await fillLast(page.getByTestId('lecture-title'), a);
    await sections(page).nth(0).getByTestId('add-lecture').click();
    await fillLast(page.getByTestId('lecture-title'), b);
    await page.getByTestId('add-section').click();
    await fillLast(page.getByTestId('section-title'), 'التطبيق');
    await sections(page).nth(1).getByTestId('add-lecture').click();
    await fillLast(page.getByTestId('lecture-title'), c);
    await page.getByTestId('step4-unsaved').waitFor();
    expect(await shownOutline(page)).toEqual([[a, b], [c]]);

    // Keyboard on a section: Alt+ArrowUp in its title moves it and leaves the cursor in that title.
    await sections(page).nth(1).getByTestId('section-title').focus();
    await page.keyboard.press('Alt+ArrowUp');
    expect(await shownOutline(page)).toEqual([[c], [a, b]]);
    await expect.poll(() => page.getByTestId('step4-announcer').textContent(), WAIT).toBe(tr('ar', 'authoring.step4.sectionMoved', { title: 'التطبيق', position: 1, total: 2 }));
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('التطبيق');
    await page.keyboard.press('Alt+ArrowDown');
    expect(await shownOutline(page)).toEqual([[a, b], [c]]);

    // Keyboard: Alt+ArrowUp on the handle moves the lecture, says where it went, and keeps focus on it.
    await lectureRow(page, b).getByTestId('lecture-handle').focus();
    await page.keyboard.press('Alt+ArrowUp');
    expect(await shownOutline(page)).toEqual([[b, a], [c]]);
    await expect.poll(() => page.getByTestId('step4-announcer').textContent(), WAIT).toBe(tr('ar', 'authoring.step4.lectureMoved', { title: b, position: 1, total: 2, section: 'البداية' }));
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="outline-lecture"]')?.querySelector('input')?.value)).toBe(b);

    // The move-down button takes the last lecture of a section into the next one.
    await lectureRow(page, a).getByRole('button', { name: tr('ar', 'authoring.step4.lectureDown', { title: a }) }).click();
    expect(await shownOutline(page)).toEqual([[b], [a, c]]);

    // Drag and drop: lecture c dropped on b takes b's place in the first section.
    await lectureRow(page, c).getByTestId('lecture-handle').dragTo(lectureRow(page, b));
    expect(await shownOutline(page)).toEqual([[c, b], [a]]);

    await saveOutline(page);
    expect(await storedOutline(login, courseId)).toEqual([[c, b], [a]]);
    await page.reload();
    await settled(page);
    await page.getByTestId('step4-outline').waitFor();
    expect(await shownOutline(page)).toEqual([[c, b], [a]]);

    // A saved lecture takes a real MP4, resumably (tus): the connection of its first piece is dropped, the client asks
    // the server how much arrived and sends it again by itself; the percentage reaches 100 % and the lecture has its
    // video and length.
    const lectureId = Number(await lectureRow(page, b).getAttribute('data-lecture-id'));
    expect(lectureId).toBeGreaterThan(0);
    const tus: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/instructor/course/upload/resumable')) tus.push(request.method());
    });
    let dropped = false;
    await page.route('**/api/instructor/course/upload/resumable/*', async (route) => {
      if (route.request().method() !== 'PATCH' || dropped) return route.fallback();
      dropped = true;
      return route.abort('connectionreset');
    });
    await page.getByTestId(`lecture-video-input-${lectureId}`).setInputFiles(CLIP);
    await expect.poll(() => page.getByTestId(`upload-progress-lecture-${lectureId}`).textContent(), { timeout: 30_000 }).toBe(tr('ar', 'authoring.step4.percent', { percent: 100 }));
    await lectureRow(page, b).getByTestId('lecture-has-video').waitFor();
    await page.getByTestId(`upload-progress-lecture-${lectureId}`).waitFor({ state: 'detached' });
    const uploaded = (await api<OutlineData>(login, 'GET', `/api/instructor/course/edit/step4/${courseId}`)).sections.flatMap((s) => s.lectures).find((l) => l.id === lectureId);
    expect(uploaded).toMatchObject({ has_video: true, duration_seconds: 8 });
    expect(dropped).toBe(true);
    expect(tus).toEqual(['POST', 'PATCH', 'HEAD', 'PATCH']);
    await page.unroute('**/api/instructor/course/upload/resumable/*');

    // A larger video (three 32 MiB pieces): the tab is closed while its second piece is on the way. Reopened, the same
    // file chosen again goes on from what the server has (tus-js-client keeps the upload's address in localStorage under
    // the file's fingerprint): a HEAD, then only the missing bytes; the stored file is the original, byte for byte.
    const PIECE = 32 * 1024 * 1024;
    const large = path.join(dataDir, 'lesson-large.mp4');
    const filler = Buffer.alloc(2 * PIECE + 1024 * 1024, 0x3d);
    writeFileSync(large, Buffer.concat([readFileSync(CLIP), filler]));
    let pieces = 0;
    await page.route('**/api/instructor/course/upload/resumable/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      pieces += 1;
      if (pieces === 1) return route.fallback();
      // The second piece never reaches the server: the tab closes with it on the way.
      await page.close().catch(() => undefined);
    });
    const closed = page.waitForEvent('close');
    await page.getByTestId(`lecture-video-input-${lectureId}`).setInputFiles(large);
    await closed;
    const reopened = await page.context().newPage();
    const sent: { method: string; offset: number | null }[] = [];
    let held = -1;
    reopened.on('request', (request) => {
      if (!request.url().includes('/api/instructor/course/upload/resumable')) return;
      const offset = request.headers()['upload-offset'];
      sent.push({ method: request.method(), offset: offset === undefined ? null : Number(offset) });
    });
    reopened.on('response', (response) => {
      if (response.url().includes('/api/instructor/course/upload/resumable') && response.request().method() === 'HEAD') held = Number(response.headers()['upload-offset']);
    });
    await reopened.goto(`/instructor/courses/${courseId}/edit/4`);
    await settled(reopened);
    await reopened.getByTestId(`lecture-video-input-${lectureId}`).setInputFiles(large);
    await expect.poll(() => reopened.getByTestId(`upload-progress-lecture-${lectureId}`).textContent(), { timeout: 60_000 }).toBe(tr('ar', 'authoring.step4.percent', { percent: 100 }));
    await reopened.getByTestId(`upload-progress-lecture-${lectureId}`).waitFor({ state: 'detached', timeout: 30_000 });
    // The server kept the first piece and whatever of the second arrived before the tab closed; the reopened tab asks
    // (HEAD) and sends from there, in pieces, to the end: nothing already stored is sent again.
    expect(held).toBeGreaterThanOrEqual(PIECE);
    expect(held).toBeLessThan(statSync(large).size);
    expect(sent[0]).toEqual({ method: 'HEAD', offset: null });
    const patches = sent.slice(1);
    expect(patches.map((r) => r.method)).toEqual(patches.map(() => 'PATCH'));
    expect(patches.map((r) => r.offset)).toEqual(patches.map((_, i) => held + i * PIECE));
    expect(held + (patches.length - 1) * PIECE).toBeLessThan(statSync(large).size);
    const { db } = await testDatabase();
    const [stored] = await db.select({ video: lectures.video }).from(lectures).where(eq(lectures.id, lectureId));
    expect(sha256(path.join(dataDir, 'uploads', stored!.video!))).toBe(sha256(large));
    page = reopened;

    // A new lecture cannot take a video before it is saved, and says so.
    await sections(page).nth(1).getByTestId('add-lecture').click();
    await expect.poll(() => sections(page).nth(1).getByText(tr('ar', 'authoring.step4.saveBeforeVideo')).count(), WAIT).toBe(1);

    // Deleting a lecture asks first, goes to the server at once, and keeps the other unsaved edits.
    const renamed = `${b} (مراجعة)`;
    await lectureRow(page, b).getByTestId('lecture-title').fill(renamed);
    await lectureRow(page, c).getByTestId('lecture-delete').click();
    await page.getByRole('dialog').getByText(tr('ar', 'authoring.step4.deleteLectureText', { title: c })).waitFor();
    await page.getByTestId('confirm-delete').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => shownOutline(page), WAIT).toEqual([[renamed], [a, '']]);
    expect(await storedOutline(login, courseId)).toEqual([[b], [a]]);
    await page.getByTestId('step4-unsaved').waitFor();

    // The new lecture has no title yet: the outline is checked in the browser with the contract's schema,
    // nothing is sent, and the server's own words for that outline land next to the field they are about.
    const server = await refusal(login, '/api/instructor/course/addUpdate/step4', { id: courseId, sections: [{ title: a, lectures: [{ title: '' }] }] });
    expect(server.status).toBe(400);
    const saves = countSaves(page, 4);
    await page.getByTestId('save-outline').click();
    await page.getByTestId('step4-failure').waitFor();
    expect(await page.getByTestId('step4-failure').textContent()).toContain(server.message);
    const untitled = sections(page).nth(1).getByTestId('lecture-title').last();
    expect(await untitled.getAttribute('aria-invalid')).toBe('true');
    expect(await fieldMessage(page, untitled)).toBe(server.errors['sections.0.lectures.0.title']);
    expect(await lectureRow(page, renamed).getByTestId('lecture-title').getAttribute('aria-invalid')).not.toBe('true');
    expect(saves()).toBe(0);
    expect(await storedOutline(login, courseId)).toEqual([[b], [a]]);
  });
});

describe('course editor, step 5: assessments', () => {
  it('creates an assessment with a single-choice, a true/false and a short-answer question, and lists it after a reload', async () => {
    const { page } = await e2e.open();
    const { login, courseId } = await instructorCourse();
    await openStep(page, login, courseId, 5);
    await page.getByTestId('step5-empty').waitFor();

    const title = `اختبار الوحدة الأولى ${unique()}`;
    await page.getByTestId('new-assessment').click();
    await page.getByLabel(labelled('ar', 'authoring.step5.titleLabel')).fill(title);
    await page.getByLabel(labelled('ar', 'authoring.step5.passMark')).fill('70');

    const questions = page.getByTestId('assessment-question');
    await page.getByTestId('add-question').click();
    await questions.nth(0).getByTestId('question-text').fill('ما أداة الخطاط؟');
    await questions.nth(0).getByTestId('option-text').nth(0).fill('القلم');
    await questions.nth(0).getByTestId('option-text').nth(1).fill('الفرشاة');

    await page.getByTestId('new-question-type').click();
    await page.getByRole('option', { name: tr('ar', 'authoring.step5.types.true_false') }).click();
    await page.getByTestId('add-question').click();
    await questions.nth(1).getByTestId('question-text').fill('خط الثلث من الخطوط العربية.');
    expect(await questions.nth(1).getByTestId('option-text').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
      tr('ar', 'authoring.step5.true'),
      tr('ar', 'authoring.step5.false'),
    ]);

    await page.getByTestId('new-question-type').click();
    await page.getByRole('option', { name: tr('ar', 'authoring.step5.types.short') }).click();
    await page.getByTestId('add-question').click();
    await questions.nth(2).getByTestId('question-text').fill('اذكر اسم الحبر التقليدي.');
    await questions.nth(2).getByTestId('question-accepted').fill('المداد\nالحبر');
    // The open form with its three questions, a state no address reaches: axe once here (the step's screens
    // by address: the accessibility block below), and the layout on a phone too.
    expect(await axeViolations(page)).toEqual([]);
    await resize(page, 375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await resize(page, 1280);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/instructor/course/addUpdate/step5'));
    await page.getByTestId('save-assessment').click();
    expect((await saved).status()).toBe(200);
    await page.getByTestId('assessment-form').waitFor({ state: 'detached' });

    await page.reload();
    await settled(page);
    const item = page.getByTestId('assessment-item').filter({ hasText: title });
    await item.waitFor();
    expect(await item.textContent()).toContain(tr('ar', 'authoring.step5.summary', { passMark: 70, count: 3 }));

    let stored = await api<AssessmentData>(login, 'GET', `/api/instructor/course/edit/step5/${courseId}`);
    expect(stored.assessments).toHaveLength(1);
    expect(stored.assessments[0]).toMatchObject({
      title,
      pass_mark: 70,
      questions: [
        { type: 'single', options: [{ text: 'القلم', is_correct: true }, { text: 'الفرشاة', is_correct: false }] },
        { type: 'true_false', options: [{ text: 'صح', is_correct: true }, { text: 'خطأ', is_correct: false }] },
        { type: 'short', accepted_answers: ['المداد', 'الحبر'], options: [] },
      ],
    });

    // Editing: an empty option is refused in the browser, in the server's words, next to its field and
    // before anything is sent; a saved question is deleted at once, after a confirmation.
    const server = await refusal(login, '/api/instructor/course/addUpdate/step5', {
      id: courseId,
      assessment: { title, pass_mark: 70, questions: [{ type: 'single', text: 'ما أداة الخطاط؟', options: [{ text: 'القلم', is_correct: true }, { text: ' ', is_correct: false }] }] },
    });
    expect(server.status).toBe(400);
    await item.getByTestId('assessment-edit').click();
    await questions.nth(0).getByTestId('option-text').nth(1).fill(' ');
    const saves = countSaves(page, 5);
    await page.getByTestId('save-assessment').click();
    await page.getByTestId('step5-failure').waitFor();
    expect(await page.getByTestId('step5-failure').textContent()).toContain(server.message);
    const emptyOption = questions.nth(0).getByTestId('option-text').nth(1);
    expect(await emptyOption.getAttribute('aria-invalid')).toBe('true');
    expect(await fieldMessage(page, emptyOption)).toBe(server.errors['assessment.questions.0.options.1.text']);
    expect(saves()).toBe(0);
    await questions.nth(0).getByTestId('option-text').nth(1).fill('الريشة');

    await questions.nth(1).getByTestId('question-delete').click();
    await page.getByTestId('confirm-delete').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('step5-failure').allTextContents()).toEqual([]);
    await expect.poll(() => questions.count(), WAIT).toBe(2);
    stored = await api<AssessmentData>(login, 'GET', `/api/instructor/course/edit/step5/${courseId}`);
    expect(stored.assessments[0]?.questions.map((q) => q.type)).toEqual(['single', 'short']);

    // The unsaved option text survived the delete and is saved with the form.
    await page.getByTestId('save-assessment').click();
    await page.getByTestId('assessment-form').waitFor({ state: 'detached' });
    stored = await api<AssessmentData>(login, 'GET', `/api/instructor/course/edit/step5/${courseId}`);
    expect(stored.assessments[0]?.questions[0]?.options.map((o) => o.text)).toEqual(['القلم', 'الريشة']);

    // Closing a form with unsaved changes asks before it drops them.
    await item.getByTestId('assessment-edit').click();
    await page.getByTestId('assessment-title').fill(`${title} (مسودة)`);
    await page.getByTestId('assessment-form').getByRole('button', { name: tr('ar', 'authoring.step5.close') }).click();
    await page.getByRole('dialog').getByText(tr('ar', 'authoring.step5.discardText')).waitFor();
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('assessment-form').waitFor({ state: 'detached' });
    stored = await api<AssessmentData>(login, 'GET', `/api/instructor/course/edit/step5/${courseId}`);
    expect(stored.assessments[0]?.title).toBe(title);
  });
});

describe('course editor, step 5: question bank', () => {
  it('creates a topic with three questions and an assessment drawing two of them at random; both are listed after a reload, and the drawn topic is kept', async () => {
    const { page } = await e2e.open();
    const { login, courseId } = await instructorCourse();
    await openStep(page, login, courseId, 5);
    await page.getByTestId('bank-empty').waitFor();

    // Without topics an assessment has nothing to draw from, and says so.
    await page.getByTestId('new-assessment').click();
    const form = page.getByTestId('assessment-form');
    await form.getByTestId('draws-no-topics').waitFor();
    expect(await form.getByTestId('add-draw').isDisabled()).toBe(true);
    await form.getByRole('button', { name: tr('ar', 'authoring.step5.close') }).click();
    await form.waitFor({ state: 'detached' });

    const topicTitle = `أدوات الخطاط ${unique()}`;
    const texts = ['ما أداة الخطاط؟', 'ما لون المداد؟', 'أي الخطين أقدم؟'];
    await page.getByTestId('new-topic').click();
    const topicForm = page.getByTestId('topic-form');
    await topicForm.getByTestId('topic-title').fill(topicTitle);
    const questions = topicForm.getByTestId('assessment-question');
    for (const [i, text] of texts.entries()) {
      await topicForm.getByTestId('add-question').click();
      await questions.nth(i).getByTestId('question-text').fill(text);
      await questions.nth(i).getByTestId('option-text').nth(0).fill(`الجواب ${i + 1}`);
      await questions.nth(i).getByTestId('option-text').nth(1).fill(`غيره ${i + 1}`);
    }
    const topicSaved = page.waitForResponse((r) => r.url().endsWith('/api/instructor/course/addUpdate/step5/topic'));
    await topicForm.getByTestId('save-topic').click();
    expect((await topicSaved).status()).toBe(200);
    await topicForm.waitFor({ state: 'detached' });
    const topicItem = page.getByTestId('topic-item').filter({ hasText: topicTitle });
    expect(await topicItem.getByTestId('topic-item-count').textContent()).toBe(tr('ar', 'authoring.step5.bank.questionCount', { count: 3 }));

    // An assessment of random questions only: the row takes the topic, says how many it holds, and asking for more
    // is refused at the row, in the server's words, before anything is sent.
    const title = `اختبار عشوائي ${unique()}`;
    await page.getByTestId('new-assessment').click();
    await form.getByTestId('assessment-title').fill(title);
    await form.getByTestId('add-draw').click();
    const draw = form.getByTestId('assessment-draw');
    expect(await draw.getByTestId('draw-topic').inputValue()).toBe(topicTitle);
    await draw.getByText(tr('ar', 'authoring.step5.draws.available', { count: 3 })).waitFor();
    const count = draw.getByTestId('draw-count');
    await count.fill('4');
    const saves = countSaves(page, 5);
    await form.getByTestId('save-assessment').click();
    await expect.poll(() => count.getAttribute('aria-invalid')).toBe('true');
    expect(await fieldMessage(page, count)).toBe(tr('ar', 'api.authoring.draw_exceeds_topic'));
    expect(saves()).toBe(0);
    await count.fill('2');
    await draw.getByTestId('draw-points').fill('5');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/instructor/course/addUpdate/step5'));
    await form.getByTestId('save-assessment').click();
    expect((await saved).status()).toBe(200);
    await form.waitFor({ state: 'detached' });

    await page.reload();
    await settled(page);
    const item = page.getByTestId('assessment-item').filter({ hasText: title });
    await item.waitFor();
    expect(await item.getByTestId('assessment-item-summary').textContent()).toBe(
      `${tr('ar', 'authoring.step5.passMarkOnly', { passMark: 60 })} · ${tr('ar', 'authoring.step5.drawnSummary', { count: 2 })}`,
    );
    expect(await topicItem.getByTestId('topic-item-count').textContent()).toBe(tr('ar', 'authoring.step5.bank.questionCount', { count: 3 }));
    const stored = await api<AssessmentData>(login, 'GET', `/api/instructor/course/edit/step5/${courseId}`);
    const topicId = stored.topics[0]?.id;
    expect(stored.topics).toMatchObject([{ title: topicTitle, questions: texts.map((text) => ({ text, topic_id: topicId, assessment_id: null })) }]);
    expect(stored.assessments).toMatchObject([{ title, questions: [], draws: [{ topic_id: topicId, count: 2, points: 5 }] }]);

    // The assessment draws from the topic: deleting it is refused, the server's reason shown in the bank.
    await topicItem.getByTestId('topic-delete').click();
    await page.getByTestId('confirm-delete').click();
    await page.getByTestId('bank-failure').waitFor();
    expect(await page.getByTestId('bank-failure').textContent()).toContain(tr('ar', 'api.authoring.topic_drawn'));
    await topicItem.waitFor();
    expect((await api<AssessmentData>(login, 'GET', `/api/instructor/course/edit/step5/${courseId}`)).topics).toHaveLength(1);
  });
});

// Steps 4 (an outline with a lecture's video, an article and a PDF) and 5 (an assessment drawing from a topic of the bank, both listed) once per language: axe once, the
// layout at 1280 and at 375 px (support/audit.ts).
describe('course editor, steps 4 and 5: accessibility', () => {
  for (const language of ['ar', 'en'] as const) {
    it(`no serious or critical axe violation, one h1, landmarks, nothing off-screen at 1280 or 375 px in ${language}`, async ({ onTestFinished }) => {
      const { login, courseId } = await instructorCourse();
      const outline = await api<OutlineData>(login, 'POST', '/api/instructor/course/addUpdate/step4', {
        id: courseId,
        sections: [
          // Every lecture type: a video, an article (the content pages' editor) and a PDF (its upload and switch).
          { title: 'Section one with a fairly long title to wrap', opens_after_days: 7, lectures: [{ title: 'A lecture with a long enough title to wrap on a phone' }, { title: 'Second', type: 'article' }, { title: 'Third', type: 'pdf', pdf_downloadable: true }] },
          // Scheduled release: the date field shows too.
          { title: 'Later', opens_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), lectures: [] },
        ],
      });
      const form = new FormData();
      form.append('id', String(courseId));
      form.append('lecture_id', String(outline.sections[0]!.lectures[0]!.id));
      form.append('file', new Blob([readFileSync(CLIP)], { type: 'video/mp4' }), 'clip.mp4');
      const uploaded = await fetch(`${e2e.server.baseUrl}/api/instructor/course/step4/upload`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` }, body: form });
      expect(uploaded.status).toBe(200);
      // A topic of the question bank, drawn from by the assessment: the bank's list, the assessment's random questions.
      const bank = await api<AssessmentData>(login, 'POST', '/api/instructor/course/addUpdate/step5/topic', {
        id: courseId,
        topic: { title: 'Tools of the scribe, a topic with a title long enough to wrap', questions: [{ type: 'short', text: 'Name the ink', accepted_answers: ['midad'] }, { type: 'numeric', text: 'Dots of ث?', numeric_answer: 3 }] },
      });
      await api(login, 'POST', '/api/instructor/course/addUpdate/step5', {
        id: courseId,
        assessment: {
          title: 'A unit test',
          pass_mark: 60,
          shuffle: true,
          draws: [{ topic_id: bank.topics[0]!.id, count: 2, points: 3 }],
          // A question of every type: the form below shows each one's fields.
          questions: [
            { type: 'single', text: 'Which pen?', options: [{ text: 'Reed', is_correct: true }, { text: 'Brush', is_correct: false }] },
            { type: 'matching', text: 'Match the scripts', options: [{ text: 'Naskh', match: 'Books' }, { text: 'Diwani', match: 'Decrees' }] },
            { type: 'ordering', text: 'Order the steps', options: [{ text: 'Cut the reed' }, { text: 'Dip it' }, { text: 'Write' }] },
            { type: 'fill_blanks', text: 'A reed pen is cut at an ___.', options: [{ text: 'angle\nزاوية' }] },
            { type: 'numeric', text: 'How many dots has the letter ث?', numeric_answer: 3, tolerance: 0 },
          ],
        },
      });
      const paths = [4, 5].map((step) => `/instructor/courses/${courseId}/edit/${step}`);
      expect(await auditAll(e2e, { language, role: 'instructor', login, paths, finished: onTestFinished })).toEqual([]);
      // The assessment's form, open, with every type's fields: axe, and nothing wider than a phone (Arabic) or the desktop.
      const { page } = await e2e.open({ width: language === 'ar' ? 375 : 1280 }, onTestFinished);
      await seedSession(page, 'instructor', login, { language });
      await page.goto(paths[1]!);
      await settled(page);
      await page.getByTestId('assessment-edit').click();
      await page.getByTestId('question-numeric-answer').waitFor();
      expect(await page.getByTestId('assessment-shuffle').isChecked()).toBe(true);
      await page.getByTestId('assessment-draw').waitFor();
      // The bank's topic open too, in its form: both forms in one axe run.
      await page.getByTestId('topic-edit').click();
      await page.getByTestId('topic-form').getByTestId('question-accepted').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    });
  }
});
