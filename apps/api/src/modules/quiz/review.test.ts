import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { lectures } from '../../db/schema';
import { apiSuite, createUser, loginAs, signedIn, testDatabase } from '../../../test/harness';
import { addAssessment, client, enrolledParticipant, ok, openAttempt, quizCourse, rightAnswer, submit, wrongAnswer, type Client } from './quiz.test-kit';

const suite = apiSuite();
let admin: Client;
beforeAll(async () => {
  admin = client(suite.app, (await signedIn(suite.app, 'admin')).session.token);
});

async function instructorWithQuiz(opts: Parameters<typeof quizCourse>[0] = {}) {
  const instructor = await createUser('instructor', { name: 'Quiz instructor' });
  const api = client(suite.app, (await loginAs(suite.app, 'instructor', instructor.email)).token);
  const quiz = await quizCourse({ instructorId: instructor.id, ...opts });
  return { instructor, api, ...quiz };
}

const ESSAY = [{ type: 'single' as const, points: 1, options: [['A', true], ['B', false]] as [string, boolean][] }, { type: 'short' as const, points: 3 }];

describe('short answers checked by hand', () => {
  it('wait on the pending lists until the instructor marks them; then the participant sees the result and feedback', async () => {
    const teacher = await instructorWithQuiz({ passMark: 75, questions: ESSAY });
    const { participant, api } = await enrolledParticipant(suite.app, teacher.course.id);
    const attempt = await openAttempt(api, teacher.assessment.id);
    const submitted = await submit(api, attempt.id, [rightAnswer(teacher.questions[0]!), { question_id: teacher.questions[1]!.id, text: 'The reed pen is cut at an angle' }]);
    expect(submitted.json().message).toBe('Your answers were submitted; the short answers will be checked by the instructor.');
    const result = ok(submitted);
    expect(result).toMatchObject({ status: 'pending', score: 1, max_score: 4 });
    const essay = result.answers.find((a: { question_id: number }) => a.question_id === teacher.questions[1]!.id);
    expect(essay).toMatchObject({ correct: null, points_awarded: null, text: 'The reed pen is cut at an angle' });

    expect(ok(await api.get('/api/participant/unchecked/list')).items.map((i: { id: number }) => i.id)).toEqual([result.id]);
    const queue = ok(await teacher.api.get('/api/instructor/unchecked/list'));
    expect(queue.items).toEqual([expect.objectContaining({ id: result.id, participant: { id: participant.id, name: participant.name }, unchecked_answers: 1, status: 'pending' })]);
    const adminQueue = ok(await admin.get(`/api/admin/unchecked/list?course_id=${teacher.course.id}`));
    expect(adminQueue.items.map((i: { id: number }) => i.id)).toEqual([result.id]);

    const review = ok(await teacher.api.get(`/api/quiz/insquizlist/${teacher.course.id}/${result.id}`));
    expect(review.questions[0].options).toEqual([expect.objectContaining({ text: 'A', is_correct: true }), expect.objectContaining({ text: 'B', is_correct: false })]);
    expect(review.questions[1].answer).toMatchObject({ answer_id: essay.answer_id, correct: null, checked_by: null });

    const marked = await teacher.api.post('/api/quiz/insUpdateQuiz', { submission_id: result.id, marks: [{ answer_id: essay.answer_id, correct: true, feedback: 'Well explained.' }] });
    expect(marked.json().message).toBe('The marks were saved.');
    expect(ok(marked)).toMatchObject({ status: 'passed', score: 4, percent: 100, unchecked_answers: 0, checked_at: expect.any(String) });
    expect(ok(marked).questions[1].answer).toMatchObject({ correct: true, points_awarded: 3, feedback: 'Well explained.', checked_by: { id: teacher.instructor.id, name: 'Quiz instructor' } });

    const seen = ok(await api.get(`/api/participant/assessment-details/${teacher.assessment.id}`));
    expect(seen).toMatchObject({ standing: 'passed', attempt: null });
    expect(seen.results.items[0]).toMatchObject({ id: result.id, status: 'passed', score: 4, checked_at: expect.any(String) });
    expect(seen.results.items[0].answers.find((a: { answer_id: number }) => a.answer_id === essay.answer_id)).toMatchObject({ correct: true, feedback: 'Well explained.' });
    expect(ok(await api.get('/api/participant/unchecked/list')).total).toBe(0);
    expect(ok(await teacher.api.get('/api/instructor/unchecked/list')).total).toBe(0);
  });

  it('a short answer marked wrong fails the submission; the mark can be corrected later', async () => {
    const teacher = await instructorWithQuiz({ passMark: 75, questions: ESSAY });
    const { api } = await enrolledParticipant(suite.app, teacher.course.id);
    const result = ok(await submit(api, (await openAttempt(api, teacher.assessment.id)).id, [rightAnswer(teacher.questions[0]!), { question_id: teacher.questions[1]!.id, text: 'Not sure' }]));
    const answerId = result.answers[1].answer_id;
    const wrong = ok(await teacher.api.post('/api/quiz/insUpdateQuiz', { submission_id: result.id, marks: [{ answer_id: answerId, correct: false, feedback: 'See lecture 2.' }] }));
    expect(wrong).toMatchObject({ status: 'failed', score: 1 });
    expect(ok(await api.get('/api/participant/assessmentlist/0')).items[0]).toMatchObject({ standing: 'failed', latest: { status: 'failed' } });
    const corrected = ok(await teacher.api.post('/api/quiz/insUpdateQuiz', { submission_id: result.id, marks: [{ answer_id: answerId, correct: true }] }));
    expect(corrected).toMatchObject({ status: 'passed', score: 4 });
    expect(corrected.questions[1].answer.feedback).toBe('See lecture 2.');
  });

  it('an instructor cannot see or mark a submission of another instructor’s course (403); an admin can', async () => {
    const teacher = await instructorWithQuiz({ questions: ESSAY });
    const stranger = await instructorWithQuiz();
    const { api } = await enrolledParticipant(suite.app, teacher.course.id);
    const result = ok(await submit(api, (await openAttempt(api, teacher.assessment.id)).id, [rightAnswer(teacher.questions[0]!), { question_id: teacher.questions[1]!.id, text: 'Essay' }]));
    const answerId = result.answers[1].answer_id;
    const peek = await stranger.api.get(`/api/quiz/insquizlist/${teacher.course.id}/${result.id}`);
    expect(peek.statusCode).toBe(403);
    expect(peek.json()).toMatchObject({ success: false, message: 'You can only check submissions in your own courses.' });
    const mark = await stranger.api.post('/api/quiz/insUpdateQuiz', { submission_id: result.id, marks: [{ answer_id: answerId, correct: true }] });
    expect(mark.statusCode).toBe(403);
    expect(ok(await stranger.api.get(`/api/quiz/insquiz?course_id=${teacher.course.id}`)).total).toBe(0);

    expect(ok(await admin.get(`/api/quiz/adminquizlist/${teacher.course.id}/${result.id}`)).id).toBe(result.id);
    // b must be a submission of course a.
    expect((await admin.get(`/api/quiz/adminquizlist/${stranger.course.id}/${result.id}`)).statusCode).toBe(404);
    const byAdmin = ok(await admin.post('/api/quiz/adminUpdateQuiz', { submission_id: result.id, marks: [{ answer_id: answerId, correct: false, feedback: 'Too short.' }] }));
    expect(byAdmin).toMatchObject({ status: 'failed' });
    expect(byAdmin.questions[1].answer.checked_by).toMatchObject({ id: expect.any(Number) });
  });

  it('marks only short answers of the submission itself', async () => {
    const teacher = await instructorWithQuiz({ questions: ESSAY });
    const { api } = await enrolledParticipant(suite.app, teacher.course.id);
    const result = ok(await submit(api, (await openAttempt(api, teacher.assessment.id)).id, [rightAnswer(teacher.questions[0]!), { question_id: teacher.questions[1]!.id, text: 'x' }]));
    const res = await teacher.api.post('/api/quiz/insUpdateQuiz', { submission_id: result.id, marks: [{ answer_id: result.answers[0].answer_id, correct: false }, { answer_id: 2147483000, correct: true }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'marks.0.answer_id': 'Only short answers are checked by hand.', 'marks.1.answer_id': 'This answer is not part of the submission.' });
  });
});

describe('submission lists', () => {
  it('filter by course, assessment, status and name, paginate, and read the spec’s ?course_id=1?page=2', async () => {
    const teacher = await instructorWithQuiz({ passMark: 100 });
    const second = await addAssessment(teacher.course.id, { title: 'Second quiz' });
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { participant, api } = await enrolledParticipant(suite.app, teacher.course.id);
      names.push(participant.name);
      ok(await submit(api, (await openAttempt(api, teacher.assessment.id)).id, teacher.questions.map(i === 0 ? rightAnswer : wrongAnswer)));
    }
    const { api: fourth } = await enrolledParticipant(suite.app, teacher.course.id);
    ok(await submit(fourth, (await openAttempt(fourth, second.assessment.id)).id, second.questions.map(rightAnswer)));

    const all = ok(await teacher.api.get(`/api/quiz/insquiz?course_id=${teacher.course.id}`));
    expect(all).toMatchObject({ total: 4, page: 1, perPage: 10 });
    expect(all.items[0]).toMatchObject({ assessment: { id: second.assessment.id, title: 'Second quiz' }, course: { id: teacher.course.id }, status: 'passed' });

    const quirk = ok(await teacher.api.get(`/api/quiz/insquiz?course_id=${teacher.course.id}?page=2&perPage=3`));
    const normal = ok(await teacher.api.get(`/api/quiz/insquiz?course_id=${teacher.course.id}&page=2&perPage=3`));
    expect(quirk).toEqual(normal);
    expect(quirk).toMatchObject({ page: 2, perPage: 3, total: 4 });
    expect(quirk.items).toHaveLength(1);
    expect(quirk.items[0].id).toBe(all.items[3].id);
    const adminQuirk = ok(await admin.get(`/api/quiz/adminquiz?course_id=${teacher.course.id}?page=2&perPage=2`));
    expect(adminQuirk.items.map((i: { id: number }) => i.id)).toEqual(all.items.slice(2, 4).map((i: { id: number }) => i.id));

    const failed = ok(await teacher.api.get(`/api/quiz/insquiz?course_id=${teacher.course.id}&status=failed`));
    expect(failed.total).toBe(2);
    const firstQuiz = ok(await teacher.api.get(`/api/quiz/insquiz?assessment_id=${teacher.assessment.id}`));
    expect(firstQuiz.total).toBe(3);
    const byName = ok(await admin.get(`/api/quiz/adminquiz?course_id=${teacher.course.id}&search=${encodeURIComponent(names[0]!)}`));
    expect(byName.total).toBeGreaterThanOrEqual(1);
    expect(byName.items.every((i: { participant: { name: string } }) => i.participant.name === names[0])).toBe(true);
    const adminAll = ok(await admin.get('/api/quiz/adminquiz?page=1'));
    expect(adminAll.total).toBeGreaterThanOrEqual(4);
    expect((await teacher.api.get('/api/quiz/insquiz?course_id=abc')).statusCode).toBe(400);
  });
});

describe("a course's results exported", () => {
  it('as CSV and XLSX with the list\'s filters, oldest first, headers and statuses in the caller\'s language; another instructor gets none of it', async () => {
    const teacher = await instructorWithQuiz({ passMark: 100 });
    const takers = [];
    for (const answer of [rightAnswer, wrongAnswer]) {
      const taker = await enrolledParticipant(suite.app, teacher.course.id);
      ok(await submit(taker.api, (await openAttempt(taker.api, teacher.assessment.id)).id, teacher.questions.map(answer)));
      takers.push(taker.participant);
    }
    const headers = { authorization: `Bearer ${(await loginAs(suite.app, 'instructor', teacher.instructor.email)).token}` };
    const csv = await suite.inject({ method: 'GET', url: `/api/instructor/submissions/export?course_id=${teacher.course.id}`, headers: { ...headers, 'accept-language': 'ar' } });
    expect([csv.statusCode, csv.headers['content-type'], csv.headers['content-disposition']]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="nibras-results.csv"']);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('التسليم,الدورة,الاختبار,المشارك,البريد الإلكتروني,المحاولة,الحالة,الدرجة,من,النسبة,وقت التسليم (UTC),وقت التصحيح (UTC)');
    expect(lines.slice(1).map((l) => l.split(',').slice(3, 10))).toEqual([
      [takers[0]!.name, takers[0]!.email, '1', 'ناجح', '6', '6', '100'],
      [takers[1]!.name, takers[1]!.email, '1', 'لم ينجح', expect.any(String), '6', expect.any(String)],
    ]);
    const failed = await suite.inject({ method: 'GET', url: `/api/instructor/submissions/export?course_id=${teacher.course.id}&status=failed&format=xlsx`, headers });
    expect(failed.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(failed.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(2);
    expect((book.worksheets[0]!.getRow(2).values as unknown[])[4]).toBe(takers[1]!.name);
    const other = await instructorWithQuiz();
    const theirs = await other.api.get(`/api/instructor/submissions/export?course_id=${teacher.course.id}`);
    expect(theirs.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
    expect((await admin.get(`/api/admin/submissions/export?course_id=${teacher.course.id}`)).body.trim().split('\r\n')).toHaveLength(3);
  });
});

describe('certificates wait for assessments', () => {
  it('every lecture complete is not enough: the certificate comes when every assessment is passed', async () => {
    const teacher = await instructorWithQuiz({ questions: ESSAY, passMark: 75 });
    const second = await addAssessment(teacher.course.id);
    const { api } = await enrolledParticipant(suite.app, teacher.course.id);
    const lecture = teacher.lectures[0]!;
    // Lectures without a duration complete on the first report of playing.
    await (await testDatabase()).db.update(lectures).set({ durationSeconds: 0 }).where(eq(lectures.id, lecture.id));
    const progress = ok(await api.post('/api/participant/learn/progress', { lecture_id: lecture.id, position_seconds: 5, played_seconds: 5 }));
    expect(progress).toMatchObject({ completed: true, courseProgress: { percent: 100 }, certificate: null });

    expect(ok(await submit(api, (await openAttempt(api, second.assessment.id)).id, second.questions.map(rightAnswer))).certificate).toBeNull();
    expect(ok(await api.get(`/api/participant/learn/${teacher.course.id}`)).certificate).toBeNull();
    const pending = ok(await submit(api, (await openAttempt(api, teacher.assessment.id)).id, [rightAnswer(teacher.questions[0]!), { question_id: teacher.questions[1]!.id, text: 'essay' }]));
    // Passed on the choices, the short answer still to check: no certificate yet.
    expect(pending).toMatchObject({ status: 'pending', certificate: null });
    expect(ok(await api.get(`/api/participant/learn/${teacher.course.id}`)).certificate).toBeNull();

    ok(await teacher.api.post('/api/quiz/insUpdateQuiz', { submission_id: pending.id, marks: [{ answer_id: pending.answers[1].answer_id, correct: true }] }));
    const learn = ok(await api.get(`/api/participant/learn/${teacher.course.id}`));
    expect(learn.certificate).toMatchObject({ code: expect.stringMatching(/^[A-Z2-9]{4}-/) });
  });
});

describe('contract', () => {
  it('documents the quiz routes with their filters in the OpenAPI description', async () => {
    const doc = ok200(await suite.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    const list = doc.paths['/api/quiz/insquiz']!.get!;
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['course_id', 'page', 'status', 'search']));
    expect(doc.paths['/api/quiz/answer']!.post!.requestBody).toBeDefined();
  });
});

type OpenApi = { paths: Record<string, Record<string, { parameters: { name: string }[]; requestBody?: unknown }>> };
function ok200(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApi;
}
