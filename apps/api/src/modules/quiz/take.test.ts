import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { assessments, lectures, quizAnswers, quizAttempts } from '../../db/schema';
import { apiSuite, signedIn, testDatabase } from '../../../test/harness';
import { addAssessment, client, enrolledParticipant, ok, openAttempt, quizCourse, rightAnswer, submit, wrongAnswer } from './quiz.test-kit';

const suite = apiSuite();

async function storedAnswers(attemptId: number) {
  const { db } = await testDatabase();
  const [row] = await db.select({ n: count() }).from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
  return row!.n;
}

describe('what a participant receives', () => {
  it('never contains the right options or accepted answers, before or after a failed attempt', async () => {
    const quiz = await quizCourse({ maxAttempts: 3, questions: [
      { type: 'single', options: [['Cairo', true], ['Paris', false]] },
      { type: 'short', accepted: ['Nile'] },
    ] });
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const forbidden = /is_correct|isCorrect|accepted|"Nile"/i;
    const before = await api.get(`/api/participant/assessment-details/${quiz.assessment.id}?start=1`);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toMatch(forbidden);
    expect(before.json().data.questions[0].options).toEqual([{ id: expect.any(Number), text: 'Cairo' }, { id: expect.any(Number), text: 'Paris' }]);

    const failed = await submit(api, before.json().data.attempt.id, quiz.questions.map(wrongAnswer));
    expect(failed.json().data.status).toBe('failed');
    expect(failed.body).not.toMatch(forbidden);
    for (const url of [`/api/participant/assessment-details/${quiz.assessment.id}`, '/api/participant/assessmentlist/0', `/api/participant/assessmentlist/${quiz.course.id}`]) {
      const after = await api.get(url);
      expect(after.statusCode).toBe(200);
      expect(after.body).not.toMatch(forbidden);
    }
  });

  it('opening an assessment shows its rules, not its questions: the clock starts with ?start=1, and a later visit resumes that attempt', async () => {
    const quiz = await quizCourse({ timeLimitMinutes: 10, maxAttempts: 1 });
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const url = `/api/participant/assessment-details/${quiz.assessment.id}`;
    expect(ok(await api.get(url))).toMatchObject({ attempt: null, can_start: true, questions: [], standing: 'not_started', attempts_used: 0, attempts_left: 1 });
    expect(ok(await api.get(`${url}?page=1`))).toMatchObject({ attempt: null, attempts_used: 0 });
    const started = ok(await api.get(`${url}?start=1`));
    expect(started.questions).toHaveLength(quiz.questions.length);
    expect(started).toMatchObject({ attempt: { number: 1, deadline: expect.any(String) }, can_start: false, standing: 'in_progress', attempts_used: 1, attempts_left: 0 });
    expect(ok(await api.get(url)).attempt.id).toBe(started.attempt.id);
    expect(ok(await api.get(`${url}?start=1`)).attempt.id).toBe(started.attempt.id);
    expect((await api.get(`${url}?start=yes`)).statusCode).toBe(400);
  });

  it('refuses a participant who is not enrolled (403) and an unknown assessment (404)', async () => {
    const quiz = await quizCourse();
    const outsider = client(suite.app, (await signedIn(suite.app, 'participant')).session.token);
    const res = await outsider.get(`/api/participant/assessment-details/${quiz.assessment.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: 'You are not enrolled in this course.' });
    expect((await outsider.get(`/api/participant/assessmentlist/${quiz.course.id}`)).statusCode).toBe(403);
    expect((await outsider.get('/api/participant/assessment-details/2147483000')).statusCode).toBe(404);
  });

  it('does not let one participant submit another participant’s attempt', async () => {
    const quiz = await quizCourse();
    const owner = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(owner.api, quiz.assessment.id);
    const other = await enrolledParticipant(suite.app, quiz.course.id);
    const res = await submit(other.api, attempt.id, quiz.questions.map(rightAnswer));
    expect(res.statusCode).toBe(404);
    expect(await storedAnswers(attempt.id)).toBe(0);
  });
});

describe('grading', () => {
  it('grades each choice type at once; multiple choice with only part of the right options is wrong', async () => {
    const quiz = await quizCourse({ passMark: 50 });
    const [single, multiple, trueFalse] = quiz.questions as [typeof quiz.questions[0], typeof quiz.questions[0], typeof quiz.questions[0]];
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(api, quiz.assessment.id);
    const partial = { question_id: multiple.id, option_ids: [multiple.options.find((o) => o.isCorrect)!.id] };
    const res = await submit(api, attempt.id, [rightAnswer(single), partial, rightAnswer(trueFalse)]);
    const result = ok(res);
    expect(res.json().message).toBe('Your answers were submitted and graded.');
    const byQuestion = Object.fromEntries(result.answers.map((a: { question_id: number }) => [a.question_id, a]));
    expect(byQuestion[single.id]).toMatchObject({ correct: true, points_awarded: 2, points: 2 });
    expect(byQuestion[multiple.id]).toMatchObject({ correct: false, points_awarded: 0, points: 3 });
    expect(byQuestion[trueFalse.id]).toMatchObject({ correct: true, points_awarded: 1 });
    // 3 of 6 points = 50 %: exactly the pass mark passes.
    expect(result).toMatchObject({ status: 'passed', score: 3, max_score: 6, percent: 50, pass_mark: 50 });
  });

  it('a question left out is wrong, and below the pass mark the attempt fails', async () => {
    const quiz = await quizCourse({ passMark: 60 });
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(api, quiz.assessment.id);
    const result = ok(await submit(api, attempt.id, [rightAnswer(quiz.questions[1]!)]));
    expect(result).toMatchObject({ status: 'failed', score: 3, max_score: 6, percent: 50 });
    expect(result.answers).toHaveLength(3);
    expect(result.answers.filter((a: { correct: boolean }) => a.correct === false)).toHaveLength(2);
  });

  it('matches short answers against the accepted ones regardless of case, spaces and Arabic letter forms', async () => {
    const quiz = await quizCourse({ passMark: 100, questions: [
      { type: 'short', accepted: ['Ibn Sina'] },
      { type: 'short', accepted: ['مدرسة'] },
      { type: 'short', accepted: ['Avicenna'] },
    ] });
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(api, quiz.assessment.id);
    const [a, b, c] = quiz.questions as [typeof quiz.questions[0], typeof quiz.questions[0], typeof quiz.questions[0]];
    const result = ok(await submit(api, attempt.id, [
      { question_id: a.id, text: '  ibn   SINA ' },
      { question_id: b.id, text: 'مَدرسه' },
      { question_id: c.id, text: 'Averroes' },
    ]));
    expect(result.answers.map((x: { correct: boolean }) => x.correct)).toEqual([true, true, false]);
    expect(result.status).toBe('failed');
  });

  it('rejects answers to questions or options outside the assessment, field by field', async () => {
    const quiz = await quizCourse();
    const other = await quizCourse();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(api, quiz.assessment.id);
    const single = quiz.questions[0]!;
    const res = await submit(api, attempt.id, [
      { question_id: other.questions[0]!.id, option_ids: [other.questions[0]!.options[0]!.id] },
      { question_id: single.id, option_ids: single.options.map((o) => o.id) },
      { question_id: quiz.questions[2]!.id, option_ids: [other.questions[2]!.options[0]!.id] },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'answers.0.question_id': 'This question is not part of the assessment.',
      'answers.1.option_ids': 'Choose only one option for this question.',
      'answers.2.option_ids': 'This option does not belong to the question.',
    });
    expect(await storedAnswers(attempt.id)).toBe(0);
  });
});

describe('rules on the server', () => {
  it('accepts answers within the grace after the deadline and refuses them after it (409)', async () => {
    const quiz = await quizCourse({ timeLimitMinutes: 10 });
    const { db } = await testDatabase();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(api, quiz.assessment.id);
    expect(attempt.deadline).not.toBeNull();
    // Started 10 minutes and 10 seconds ago: inside the 30-second grace.
    await db.update(quizAttempts).set({ startedAt: new Date(Date.now() - 610_000) }).where(eq(quizAttempts.id, attempt.id));
    expect((await submit(api, attempt.id, quiz.questions.map(rightAnswer))).statusCode).toBe(200);

    const late = await enrolledParticipant(suite.app, quiz.course.id);
    const lateAttempt = await openAttempt(late.api, quiz.assessment.id);
    await db.update(quizAttempts).set({ startedAt: new Date(Date.now() - 11 * 60_000) }).where(eq(quizAttempts.id, lateAttempt.id));
    const res = await submit(late.api, lateAttempt.id, quiz.questions.map(rightAnswer));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: 'Time is up: answers to this attempt are no longer accepted.' });
    expect(await storedAnswers(lateAttempt.id)).toBe(0);
  });

  it('an attempt left open past its deadline counts as used; the next visit opens the next attempt', async () => {
    const quiz = await quizCourse({ timeLimitMinutes: 5, maxAttempts: 2 });
    const { db } = await testDatabase();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const first = await openAttempt(api, quiz.assessment.id);
    expect(ok(await api.get(`/api/participant/assessment-details/${quiz.assessment.id}`)).attempt.id).toBe(first.id);
    await db.update(quizAttempts).set({ startedAt: new Date(Date.now() - 60 * 60_000) }).where(eq(quizAttempts.id, first.id));
    const lapsed = ok(await api.get(`/api/participant/assessment-details/${quiz.assessment.id}`));
    expect(lapsed).toMatchObject({ attempt: null, can_start: true, standing: 'failed', attempts_used: 1, attempts_left: 1 });
    const next = ok(await api.get(`/api/participant/assessment-details/${quiz.assessment.id}?start=1`));
    expect(next).toMatchObject({ attempt: { number: 2 }, can_start: false, attempts_used: 2, attempts_left: 0 });
    expect((await submit(api, first.id, quiz.questions.map(rightAnswer))).statusCode).toBe(409);
  });

  it('stops opening attempts at the limit and refuses an attempt beyond a lowered limit (409)', async () => {
    const quiz = await quizCourse({ maxAttempts: 2 });
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    for (const n of [1, 2]) {
      const attempt = await openAttempt(api, quiz.assessment.id);
      expect(attempt.number).toBe(n);
      expect(ok(await submit(api, attempt.id, quiz.questions.map(wrongAnswer))).status).toBe('failed');
    }
    const done = ok(await api.get(`/api/participant/assessment-details/${quiz.assessment.id}`));
    expect(done).toMatchObject({ attempt: null, can_start: false, attempts_used: 2, attempts_left: 0, standing: 'failed', results: { total: 2 } });

    const lowered = await quizCourse({ maxAttempts: 2 });
    const second = await enrolledParticipant(suite.app, lowered.course.id);
    ok(await submit(second.api, (await openAttempt(second.api, lowered.assessment.id)).id, lowered.questions.map(wrongAnswer)));
    const open = await openAttempt(second.api, lowered.assessment.id);
    const { db } = await testDatabase();
    await db.update(assessments).set({ maxAttempts: 1 }).where(eq(assessments.id, lowered.assessment.id));
    const res = await submit(second.api, open.id, lowered.questions.map(rightAnswer));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You have used every attempt allowed for this assessment.');
  });

  it('opens no new attempt once passed', async () => {
    const quiz = await quizCourse();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    ok(await submit(api, (await openAttempt(api, quiz.assessment.id)).id, quiz.questions.map(rightAnswer)));
    expect(ok(await api.get(`/api/participant/assessment-details/${quiz.assessment.id}`))).toMatchObject({ attempt: null, standing: 'passed', attempts_used: 1, attempts_left: null });
  });
});

describe('the certificate in the answer', () => {
  it('the pass that completes the course answers with its certificate, and a retry of it too; a pass before that, and a failure, carry null', async () => {
    const quiz = await quizCourse();
    const last = await addAssessment(quiz.course.id, { title: 'Final quiz' });
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    // Passed with the lecture still to watch: the course is not complete.
    expect(ok(await submit(api, (await openAttempt(api, quiz.assessment.id)).id, quiz.questions.map(rightAnswer)))).toMatchObject({ status: 'passed', certificate: null });
    // A lecture without a duration completes on the first report of playing.
    const lecture = quiz.lectures[0]!;
    await (await testDatabase()).db.update(lectures).set({ durationSeconds: 0 }).where(eq(lectures.id, lecture.id));
    expect(ok(await api.post('/api/participant/learn/progress', { lecture_id: lecture.id, position_seconds: 5, played_seconds: 5 }))).toMatchObject({ completed: true, certificate: null });
    expect(ok(await submit(api, (await openAttempt(api, last.assessment.id)).id, last.questions.map(wrongAnswer)))).toMatchObject({ status: 'failed', certificate: null });

    const key = randomUUID();
    const attempt = await openAttempt(api, last.assessment.id);
    const passed = ok(await submit(api, attempt.id, last.questions.map(rightAnswer), key));
    expect(passed).toMatchObject({ status: 'passed', certificate: { code: expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/) } });
    expect(passed.certificate.url).toContain(passed.certificate.code);
    expect(ok(await api.get(`/api/participant/learn/${quiz.course.id}`)).certificate).toEqual(passed.certificate);
    expect(ok(await submit(api, attempt.id, last.questions.map(rightAnswer), key))).toEqual(passed);
  });
});

describe('one submission per attempt', () => {
  it('a retry with the same idempotency key returns the first result and stores nothing twice', async () => {
    const quiz = await quizCourse();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(api, quiz.assessment.id);
    const key = randomUUID();
    const first = ok(await submit(api, attempt.id, quiz.questions.map(wrongAnswer), key));
    // The retry carries other answers: the first submission stands.
    const retry = ok(await submit(api, attempt.id, quiz.questions.map(rightAnswer), key));
    expect(retry).toEqual(first);
    expect(first.status).toBe('failed');
    expect(await storedAnswers(attempt.id)).toBe(quiz.questions.length);
    const another = await submit(api, attempt.id, quiz.questions.map(rightAnswer));
    expect(another.statusCode).toBe(409);
    expect(another.json().message).toBe('This attempt has already been submitted.');
  });

  it('a key used for one attempt is refused for another (409)', async () => {
    const quiz = await quizCourse();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const key = randomUUID();
    ok(await submit(api, (await openAttempt(api, quiz.assessment.id)).id, quiz.questions.map(wrongAnswer), key));
    const next = await openAttempt(api, quiz.assessment.id);
    const res = await submit(api, next.id, quiz.questions.map(rightAnswer), key);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ idempotency_key: 'This submission key was already used for another attempt.' });
  });

  it('two submissions of one attempt at the same time store one; with one key both get the same result', async () => {
    const quiz = await quizCourse();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(api, quiz.assessment.id);
    const [a, b] = await Promise.all([submit(api, attempt.id, quiz.questions.map(rightAnswer)), submit(api, attempt.id, quiz.questions.map(wrongAnswer))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await storedAnswers(attempt.id)).toBe(quiz.questions.length);

    const key = randomUUID();
    const p = await enrolledParticipant(suite.app, quiz.course.id);
    const open = await openAttempt(p.api, quiz.assessment.id);
    const both = await Promise.all([submit(p.api, open.id, quiz.questions.map(rightAnswer), key), submit(p.api, open.id, quiz.questions.map(rightAnswer), key)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[0]!.json().data).toEqual(both[1]!.json().data);
    expect(await storedAnswers(open.id)).toBe(quiz.questions.length);
  });

  it('two visits at the same time open one attempt', async () => {
    const quiz = await quizCourse();
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    const url = `/api/participant/assessment-details/${quiz.assessment.id}?start=1`;
    const [a, b] = await Promise.all([api.get(url), api.get(url)]);
    expect(ok(a).attempt.id).toBe(ok(b).attempt.id);
  });
});

describe('my assessments', () => {
  it('lists every assessment of the enrolled courses with where the participant stands', async () => {
    const quiz = await quizCourse({ title: 'Passed one' });
    const failing = await addAssessment(quiz.course.id, { title: 'Failed one' });
    const pending = await addAssessment(quiz.course.id, { title: 'Pending one', questions: [{ type: 'short' }] });
    const untouched = await addAssessment(quiz.course.id, { title: 'Not started', timeLimitMinutes: 15, maxAttempts: 2 });
    const { api } = await enrolledParticipant(suite.app, quiz.course.id);
    ok(await submit(api, (await openAttempt(api, quiz.assessment.id)).id, quiz.questions.map(rightAnswer)));
    ok(await submit(api, (await openAttempt(api, failing.assessment.id)).id, failing.questions.map(wrongAnswer)));
    ok(await submit(api, (await openAttempt(api, pending.assessment.id)).id, [{ question_id: pending.questions[0]!.id, text: 'My essay' }]));

    const list = ok(await api.get(`/api/participant/assessmentlist/${quiz.course.id}?page=1`));
    expect(list.total).toBe(4);
    const byTitle = Object.fromEntries(list.items.map((i: { assessment: { title: string } }) => [i.assessment.title, i]));
    expect(byTitle['Passed one']).toMatchObject({ standing: 'passed', attempts_used: 1, latest: { status: 'passed', percent: 100 } });
    expect(byTitle['Failed one']).toMatchObject({ standing: 'failed', latest: { status: 'failed', score: 0 } });
    expect(byTitle['Pending one']).toMatchObject({ standing: 'pending', latest: { status: 'pending' } });
    expect(byTitle['Not started']).toMatchObject({
      standing: 'not_started', attempts_used: 0, attempts_left: 2, latest: null,
      assessment: { course: { id: quiz.course.id }, time_limit_minutes: 15, max_attempts: 2, question_count: 3, total_points: 6, pass_mark: 60 },
    });
    expect(untouched.questions).toHaveLength(3);
    const all = ok(await api.get('/api/participant/assessmentlist/0?page=2'));
    expect(all).toMatchObject({ page: 2, total: 4, items: [] });
    const unchecked = ok(await api.get('/api/participant/unchecked/list'));
    expect(unchecked.items).toEqual([expect.objectContaining({ assessment_id: pending.assessment.id, status: 'pending' })]);
  });
});
