import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser, testDatabase } from '../../../test/harness';
import { createCourse, enrollParticipant } from '../../../test/factories';
import { enrollments, ratings } from '../../db/schema';
import { authoringSuite, expectOk, signedInCaller } from './authoring.test-kit';

const suite = authoringSuite();

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

describe('GET /api/instructor/dashboard', () => {
  it('counts courses by status, enrolments, revenue from paid orders only and the average rating, of your own courses only', async () => {
    const { db } = await testDatabase();
    const { api, user } = await signedInCaller(suite.app, 'instructor');
    const own = { instructorId: user.id };
    const paid = await createCourse({ ...own, price: 100, updatedAt: daysAgo(1) });
    const free = await createCourse({ ...own, price: 0, updatedAt: daysAgo(2) });
    await createCourse({ ...own, approveStatus: 'draft', completionStatus: 'incomplete', updatedAt: daysAgo(3) });
    await createCourse({ ...own, approveStatus: 'pending', updatedAt: daysAgo(4) });
    await createCourse({ ...own, approveStatus: 'rejected', updatedAt: daysAgo(5) });
    await createCourse({ ...own, approveStatus: 'draft', updatedAt: daysAgo(6) });
    await createCourse({ ...own, title: 'Deleted', deletedAt: new Date() });

    const recent = await enrollParticipant(paid.id, { amount: 100 });
    const older = await enrollParticipant(paid.id, { amount: 100, paidAt: daysAgo(40) });
    await db.update(enrollments).set({ createdAt: daysAgo(40) }).where(eq(enrollments.participantId, older.participant.id));
    const freeOne = await enrollParticipant(free.id, { amount: 0 });
    // Not revenue: waiting for a transfer, or cancelled.
    await enrollParticipant(paid.id, { amount: 100, status: 'pending' });
    await enrollParticipant(paid.id, { amount: 100, status: 'cancelled' });
    await db.insert(ratings).values([
      { participantId: recent.participant.id, courseId: paid.id, rating: 4 },
      { participantId: older.participant.id, courseId: paid.id, rating: 5 },
      { participantId: freeOne.participant.id, courseId: free.id, rating: 2 },
    ]);
    // Someone else's course, money and ratings are not yours.
    const other = await createUser('instructor');
    const theirs = await createCourse({ instructorId: other.id, price: 999 });
    const stranger = await enrollParticipant(theirs.id, { amount: 999 });
    await db.insert(ratings).values({ participantId: stranger.participant.id, courseId: theirs.id, rating: 1 });

    const data = expectOk(await api.get('/api/instructor/dashboard')).data;
    expect(data.courses).toEqual({ total: 6, draft: 2, pending: 1, approved: 2, rejected: 1 });
    expect(data.enrollments).toEqual({ total: 3, last_30_days: 2 });
    // Two orders paid 100 each; the free enrolment is not a paid order, so the count agrees with the money.
    expect(data.revenue).toEqual({ total: 200, last_30_days: 100, total_minor: 20_000, last_30_days_minor: 10_000, currency: 'SAR', paid_orders: 2 });
    expect(data.rating).toEqual({ average: 3.7, count: 3 });
    expect(data.recent_courses.map((c: { id: number }) => c.id)).toHaveLength(5);
    expect(data.recent_courses[0]).toMatchObject({ id: paid.id, enrollment_count: 2 });
  });

  it('is all zeros for a new instructor', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    expect(expectOk(await api.get('/api/instructor/dashboard')).data).toEqual({
      courses: { total: 0, draft: 0, pending: 0, approved: 0, rejected: 0 },
      enrollments: { total: 0, last_30_days: 0 },
      revenue: { total: 0, last_30_days: 0, total_minor: 0, last_30_days_minor: 0, currency: 'SAR', paid_orders: 0 },
      rating: { average: 0, count: 0 },
      recent_courses: [],
      monthly: expect.arrayContaining([expect.objectContaining({ enrollments: 0, revenue: 0 })]),
    });
  });
});

describe('GET /api/instructor/recentcourse/list', () => {
  it('gives your five most recently changed courses, newest change first, whatever their status', async () => {
    const { api, user } = await signedInCaller(suite.app, 'instructor');
    const statuses = ['approved', 'draft', 'pending', 'rejected', 'approved', 'draft'] as const;
    const made = [];
    for (const [i, approveStatus] of statuses.entries()) made.push(await createCourse({ instructorId: user.id, approveStatus, title: `Course ${i}`, updatedAt: daysAgo(10 - i) }));
    await createCourse({ instructorId: (await createUser('instructor')).id, updatedAt: new Date() });
    const data = expectOk(await api.get('/api/instructor/recentcourse/list')).data;
    expect(data.map((c: { id: number }) => c.id)).toEqual(made.slice(1).reverse().map((c) => c.id));
    expect(data[0]).toMatchObject({ title: 'Course 5', approve_status: 'draft', instructor: { id: user.id } });
    expect(expectOk(await api.get('/api/instructor/dashboard')).data.recent_courses).toEqual(data);
  });
});
