import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiSuite, createUser, loginAs, signedIn, testDatabase } from '../../../test/harness';
import { createCourse } from '../../../test/factories';
import { enrollments, lectureProgress } from '../../db/schema';
import { client, enrolledParticipant, ok, openAttempt, quizCourse, rightAnswer, submit, wrongAnswer } from '../quiz/quiz.test-kit';

const suite = apiSuite();
const DAY = 86_400_000;

/** A course of a new instructor with three lectures and the sample assessment; a participant who studied it. */
async function studiedCourse() {
  const instructor = await createUser('instructor', { name: 'Record teacher' });
  const quiz = await quizCourse({ instructorId: instructor.id, lectures: 3, passMark: 100 });
  const learner = await enrolledParticipant(suite.app, quiz.course.id);
  const { db } = await testDatabase();
  const enrolledAt = new Date(Date.now() - 5 * DAY);
  await db.update(enrollments).set({ createdAt: enrolledAt }).where(eq(enrollments.participantId, learner.participant.id));
  const [first, second, third] = quiz.lectures.map((l) => ({ id: l.id })) as [{ id: number }, { id: number }, { id: number }];
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  await db.insert(lectureProgress).values([
    { participantId: learner.participant.id, lectureId: first.id, courseId: quiz.course.id, watchedSeconds: 120.6, positionSeconds: 120, completedAt: at(2), updatedAt: at(2) },
    { participantId: learner.participant.id, lectureId: second.id, courseId: quiz.course.id, watchedSeconds: 100, positionSeconds: 100, completedAt: at(0), updatedAt: at(0) },
    { participantId: learner.participant.id, lectureId: third.id, courseId: quiz.course.id, watchedSeconds: 30, positionSeconds: 30, updatedAt: at(0) },
  ]);
  // A failed attempt, then a pass.
  ok(await submit(learner.api, (await openAttempt(learner.api, quiz.assessment.id)).id, quiz.questions.map(wrongAnswer)));
  ok(await submit(learner.api, (await openAttempt(learner.api, quiz.assessment.id)).id, quiz.questions.map(rightAnswer)));
  const teacher = client(suite.app, (await loginAs(suite.app, 'instructor', instructor.email)).token);
  return { ...quiz, instructor, teacher, learner, enrolledAt };
}

describe("a learner's record", () => {
  it('shows the participant their progress over time, every lecture, every attempt with their answers and the time spent', async () => {
    const { course, learner, enrolledAt, lectures } = await studiedCourse();
    const res = await learner.api.get(`/api/participant/record/${course.id}`);
    expect(res.statusCode).toBe(200);
    // The participant's own answers, never the right ones.
    expect(res.body).not.toMatch(/is_correct|isCorrect|accepted/);
    const record = res.json().data;
    expect(record).toMatchObject({
      course: { id: course.id },
      participant: { id: learner.participant.id, name: learner.participant.name },
      enrolled_at: enrolledAt.toISOString(),
      completed_at: null,
      progress: { percent: 66, completedLectures: 2, totalLectures: 3 },
      time_spent: { lectures_seconds: 250 },
    });
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
    expect(record.timeline).toEqual([
      { date: day(5), completed_lectures: 0, percent: 0 },
      { date: day(2), completed_lectures: 1, percent: 33 },
      { date: day(0), completed_lectures: 2, percent: 66 },
    ]);
    expect(record.lectures.map((l: { id: number; completed_at: string | null; watched_seconds: number }) => [l.id, !!l.completed_at, l.watched_seconds])).toEqual([
      [lectures[0]!.id, true, 120],
      [lectures[1]!.id, true, 100],
      [lectures[2]!.id, false, 30],
    ]);
    const [assessment] = record.assessments;
    expect(assessment).toMatchObject({ standing: 'passed', best_percent: 100 });
    expect(assessment.questions).toHaveLength(3);
    expect(assessment.attempts.map((a: { number: number; status: string }) => [a.number, a.status])).toEqual([
      [2, 'passed'],
      [1, 'failed'],
    ]);
    expect(assessment.attempts[0].answers).toHaveLength(3);
    expect(record.time_spent.assessments_seconds).toBeGreaterThanOrEqual(0);
    expect(record.last_studied_at).not.toBeNull();
  });

  it('the instructor reads their own course’s learners, an admin anyone’s; another instructor, a learner not enrolled and a participant on another course are refused', async () => {
    const { course, learner, teacher } = await studiedCourse();
    const mine = ok(await teacher.get(`/api/instructor/record/${course.id}/${learner.participant.id}`));
    expect(mine).toEqual(ok(await learner.api.get(`/api/participant/record/${course.id}`)));
    const admin = client(suite.app, (await signedIn(suite.app, 'admin')).session.token);
    expect(ok(await admin.get(`/api/admin/record/${course.id}/${learner.participant.id}`)).progress.percent).toBe(66);

    const other = client(suite.app, (await signedIn(suite.app, 'instructor')).session.token);
    const refused = await other.get(`/api/instructor/record/${course.id}/${learner.participant.id}`);
    expect(refused.statusCode).toBe(403);
    const stranger = await createUser('participant');
    const notEnrolled = await teacher.get(`/api/instructor/record/${course.id}/${stranger.id}`);
    expect(notEnrolled.statusCode).toBe(404);
    expect(notEnrolled.json().message).toBe('This participant is not enrolled in this course.');
    expect((await admin.get(`/api/admin/record/${course.id}/${stranger.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/record/2147483000/${learner.participant.id}`)).statusCode).toBe(404);

    const elsewhere = await createCourse();
    expect((await learner.api.get(`/api/participant/record/${elsewhere.id}`)).statusCode).toBe(403);
    expect((await learner.api.get('/api/participant/record/2147483000')).statusCode).toBe(404);
  });
});
