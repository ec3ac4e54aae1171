import { beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyPoint } from '@nibras/contract';
import { eq } from 'drizzle-orm';
import { createUser, testDatabase } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { enrollments, users } from '../../db/schema';
import { authoringSuite, completeCourse, createDraft, expectOk, signedInCaller, type Caller } from '../authoring/authoring.test-kit';
import { enrolledParticipant, openAttempt, quizCourse, rightAnswer, submit } from '../quiz/quiz.test-kit';

const suite = authoringSuite();
let admin: Caller;
beforeAll(async () => {
  admin = (await signedInCaller(suite.app, 'admin')).api;
});

const figures = async () => expectOk(await admin.get('/api/admin/dashboard')).data;
const monthKey = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
/** The first instant of the month `back` months before the current one (UTC). */
const monthStart = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
};
const monthOf = (series: MonthlyPoint[], d: Date) => series.find((p) => p.month === monthKey(d));

describe('GET /api/admin/dashboard', () => {
  it('counts people, courses by approval status, enrolments, revenue and waiting submissions, and each count follows what happens', async () => {
    const before = await figures();
    await createUser('instructor');
    await createUser('participant');
    const gone = await createUser('participant');
    const { db } = await testDatabase();
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const now = await figures();
    expect(now.instructors - before.instructors).toBe(1);
    expect(now.participants - before.participants).toBe(1);

    // A course is drafted, submitted (pending), approved.
    const teacher = await signedInCaller(suite.app, 'instructor');
    const { id } = await createDraft(teacher.api);
    const afterDraft = await figures();
    expect(afterDraft.courses.draft - now.courses.draft).toBe(1);
    expect(afterDraft.courses.total - now.courses.total).toBe(1);
    await completeCourse(teacher.api, id);
    const afterSubmit = await figures();
    expect(afterSubmit.courses.draft - afterDraft.courses.draft).toBe(-1);
    expect(afterSubmit.courses.pending - afterDraft.courses.pending).toBe(1);
    expectOk(await admin.post('/api/admin/course/approvestatus', { id, approve_status: 'approved', message: '' }));
    const afterApprove = await figures();
    expect(afterApprove.courses.pending - afterSubmit.courses.pending).toBe(-1);
    expect(afterApprove.courses.approved - afterSubmit.courses.approved).toBe(1);
    expect(afterApprove.courses.total).toBe(afterSubmit.courses.total);

    // An order is placed (not revenue), then paid by the admin's confirmation (revenue and an enrolment).
    const course = await createCourse({ price: 120 });
    const { order } = await enrollParticipant(course.id, { amount: 120, status: 'pending', enroll: false });
    const afterOrder = await figures();
    expect(afterOrder.revenue).toBe(afterApprove.revenue);
    expect(afterOrder.enrollments).toBe(afterApprove.enrollments);
    expectOk(await admin.post('/api/admin/order/confirm', { order_id: order.id }));
    const afterPaid = await figures();
    expect(afterPaid.revenue - afterOrder.revenue).toBe(120);
    expect(afterPaid.enrollments - afterOrder.enrollments).toBe(1);
    const thisMonth = (f: typeof afterPaid) => monthOf(f.monthly, new Date())!;
    expect(thisMonth(afterPaid).revenue - thisMonth(afterOrder).revenue).toBe(120);
    expect(thisMonth(afterPaid).enrollments - thisMonth(afterOrder).enrollments).toBe(1);

    // A submission with a short answer waits for a check.
    const quiz = await quizCourse({ questions: [{ type: 'single', points: 1, options: [['A', true], ['B', false]] }, { type: 'short', points: 2 }] });
    const learner = await enrolledParticipant(suite.app, quiz.course.id);
    const attempt = await openAttempt(learner.api, quiz.assessment.id);
    const beforeSubmit = await figures();
    expect(expectOk(await submit(learner.api, attempt.id, [rightAnswer(quiz.questions[0]!), { question_id: quiz.questions[1]!.id, text: 'An essay' }])).data.status).toBe('pending');
    expect((await figures()).submissions_waiting - beforeSubmit.submissions_waiting).toBe(1);
  });

  it('gives 12 months, oldest first and the current month last, 0 where nothing happened, each event in its own month across a boundary', async () => {
    const { db } = await testDatabase();
    const before = await figures();
    expect(before.monthly).toHaveLength(12);
    expect(before.monthly[11].month).toBe(monthKey(new Date()));
    expect(before.monthly[0].month).toBe(monthKey(monthStart(11)));
    const months = before.monthly.map((p: { month: string }) => p.month);
    expect(new Set(months).size).toBe(12);
    expect([...months].sort()).toEqual(months);

    const course = await createCourse({ price: 50 });
    const lastMoment = new Date(monthStart(2).getTime() - 1); // the last millisecond three months back
    const firstMoment = monthStart(2); // the first instant of the month after it
    const tooOld = new Date(monthStart(11).getTime() - 1); // just before the window
    for (const at of [lastMoment, firstMoment, firstMoment, tooOld]) {
      const { participant } = await enrollParticipant(course.id, { amount: 50, paidAt: at });
      await db.update(enrollments).set({ createdAt: at }).where(eq(enrollments.participantId, participant.id));
    }
    const after = await figures();
    const delta = (d: Date) => ({
      enrollments: monthOf(after.monthly, d)!.enrollments - monthOf(before.monthly, d)!.enrollments,
      revenue: monthOf(after.monthly, d)!.revenue - monthOf(before.monthly, d)!.revenue,
    });
    expect(delta(lastMoment)).toEqual({ enrollments: 1, revenue: 50 });
    expect(delta(firstMoment)).toEqual({ enrollments: 2, revenue: 100 });
    expect(monthOf(after.monthly, tooOld)).toBeUndefined();
    expect(after.monthly.map((p: { month: string }) => p.month)).toEqual(months);
    // The all-time figures count the one before the window too.
    expect(after.revenue - before.revenue).toBe(200);
  });

  it('is for admins only', async () => {
    for (const role of ['instructor', 'participant'] as const) {
      const other = await signedInCaller(suite.app, role as 'instructor');
      for (const url of ['/api/admin/dashboard', '/api/admin/dashboard/recentPar', '/api/admin/dashboard/recentIns', '/api/admin/dashboard/latestcourse/pending']) {
        expect((await other.api.get(url)).statusCode).toBe(403);
      }
    }
    expect((await suite.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});

describe('recent people and latest courses', () => {
  it('recentPar and recentIns give the five newest of their role, newest first, without deactivated accounts', async () => {
    const { db } = await testDatabase();
    const made: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 6; i += 1) made.push(await createUser('participant', { name: `Newcomer ${i}` }));
    await db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, made[5]!.id));
    const recent = expectOk(await admin.get('/api/admin/dashboard/recentPar')).data;
    expect(recent.map((p: { id: number }) => p.id)).toEqual(made.slice(0, 5).reverse().map((u) => u.id));
    expect(recent[0]).toEqual({ id: made[4]!.id, name: 'Newcomer 4', email: made[4]!.email, created_at: expect.any(String) });
    const instructor = await createUser('instructor', { name: 'New teacher' });
    const ins = expectOk(await admin.get('/api/admin/dashboard/recentIns')).data;
    expect(ins).toHaveLength(5);
    expect(ins[0]).toMatchObject({ id: instructor.id, name: 'New teacher' });
    expect(ins.some((p: { id: number }) => made.some((u) => u.id === p.id))).toBe(false);
  });

  it('latestcourse/pending lists the courses waiting for approval, oldest submission first, with the total; other statuses the latest change first; a bad status is a 400', async () => {
    const teacher = await createUser('instructor', { name: 'Waiting teacher' });
    const early = await createCourse({ instructorId: teacher.id, approveStatus: 'pending', submittedAt: new Date('2000-01-01T00:00:00Z'), title: 'Oldest waiting' });
    await createCourse({ instructorId: teacher.id, approveStatus: 'pending', submittedAt: new Date('2000-01-02T00:00:00Z'), deletedAt: new Date() });
    const before = expectOk(await admin.get('/api/admin/dashboard/latestcourse/pending')).data;
    expect(before.items[0]).toEqual({
      id: early.id, title: 'Oldest waiting', instructor: { id: teacher.id, name: 'Waiting teacher' }, approve_status: 'pending',
      created_at: expect.any(String), updated_at: expect.any(String), submitted_at: '2000-01-01T00:00:00.000Z',
    });
    expect(before.items.every((c: { approve_status: string }) => c.approve_status === 'pending')).toBe(true);
    expect(before.items.length).toBeLessThanOrEqual(10);
    expect(before.total).toBe((await figures()).courses.pending);
    const drafted = await createCourse({ approveStatus: 'draft', updatedAt: new Date(Date.now() + 60_000) });
    expect(expectOk(await admin.get('/api/admin/dashboard/latestcourse/draft')).data.items[0].id).toBe(drafted.id);
    expect(expectOk(await admin.get('/api/admin/dashboard/latestcourse/all')).data.items[0].id).toBe(drafted.id);
    const bad = await admin.get('/api/admin/dashboard/latestcourse/7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.id).toBeTruthy();
  });
});

describe('the instructor dashboard charts', () => {
  it('count only your own courses, per month, 12 months with zeros', async () => {
    const { db } = await testDatabase();
    const me = await signedInCaller(suite.app, 'instructor');
    const mine = await createCourse({ instructorId: me.user.id, price: 30 });
    const theirs = await createCourse({ price: 999 });
    const twoBack = new Date(monthStart(2).getTime() + 5 * 86_400_000);
    const a = await enrollParticipant(mine.id, { amount: 30, paidAt: twoBack });
    await db.update(enrollments).set({ createdAt: twoBack }).where(eq(enrollments.participantId, a.participant.id));
    await enrollParticipant(mine.id, { amount: 30 });
    await enrollParticipant(theirs.id, { amount: 999 });
    await enrollParticipant(mine.id, { amount: 30, status: 'pending', enroll: false });
    const monthly = expectOk(await me.api.get('/api/instructor/dashboard')).data.monthly;
    expect(monthly).toHaveLength(12);
    const expected = Array.from({ length: 12 }, (_, i) => {
      const month = monthKey(monthStart(11 - i));
      if (i === 11) return { month, enrollments: 1, revenue: 30, revenueMinor: 3000 };
      if (i === 9) return { month, enrollments: 1, revenue: 30, revenueMinor: 3000 };
      return { month, enrollments: 0, revenue: 0, revenueMinor: 0 };
    });
    expect(monthly).toEqual(expected);
    // Another instructor sees none of it.
    const other = await signedInCaller(suite.app, 'instructor');
    const theirMonthly = expectOk(await other.api.get('/api/instructor/dashboard')).data.monthly;
    expect(theirMonthly.every((p: { enrollments: number; revenue: number }) => p.enrollments === 0 && p.revenue === 0)).toBe(true);
  });
});
