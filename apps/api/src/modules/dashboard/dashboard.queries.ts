import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, orders, quizAttempts, users } from '../../db/schema';
import { instructorColumn } from '../../db/course-projection';

type ApprovalStatus = (typeof courses.approveStatus.enumValues)[number];

const live = isNull(courses.deletedAt);

/** The platform's counts in one round of queries. */
export async function platformFigures(db: Db) {
  const [people, byStatus, [enrolled], [revenue], [waiting]] = await Promise.all([
    db.select({ role: users.role, n: count() }).from(users).where(isNull(users.deactivatedAt)).groupBy(users.role),
    db.select({ status: courses.approveStatus, n: count() }).from(courses).where(live).groupBy(courses.approveStatus),
    db.select({ n: count() }).from(enrollments),
    db.select({ total: sql<string>`coalesce(sum(${orders.amountMinor}), 0)` }).from(orders).where(eq(orders.status, 'paid')),
    db.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.status, 'pending')),
  ]);
  return { people, byStatus, enrollments: enrolled!.n, revenue: Number(revenue!.total), waiting: waiting!.n };
}

/**
 * Enrolments (by enrolment date) and paid orders (by paid date) per UTC calendar month from `from`
 * on; `instructorId` keeps only that instructor's courses. Months without data are absent here.
 */
export async function monthlyTotals(db: Db, from: Date, instructorId?: number) {
  const since = sql`${from.toISOString()}::timestamptz`;
  const monthOf = (column: SQL | typeof enrollments.createdAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
  const own = instructorId === undefined ? undefined : eq(courses.instructorId, instructorId);
  const enrolMonth = monthOf(enrollments.createdAt);
  const paidMonth = monthOf(sql`${orders.paidAt}`);
  const [enrolled, paid] = await Promise.all([
    db
      .select({ month: enrolMonth, n: count() })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .where(and(sql`${enrollments.createdAt} >= ${since}`, own))
      .groupBy(enrolMonth),
    db
      .select({ month: paidMonth, total: sql<string>`coalesce(sum(${orders.amountMinor}), 0)` })
      .from(orders)
      .innerJoin(courses, eq(courses.id, orders.courseId))
      .where(and(eq(orders.status, 'paid'), sql`${orders.paidAt} >= ${since}`, own))
      .groupBy(paidMonth),
  ]);
  return { enrolled, paid: paid.map((r) => ({ month: r.month, total: Number(r.total) })) };
}

export function recentPeople(db: Db, role: 'instructor' | 'participant', limit: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.role, role), isNull(users.deactivatedAt)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** Waiting courses oldest submission first (the queue); any other status, the latest change first. */
export async function latestCourses(db: Db, status: ApprovalStatus | undefined, limit: number) {
  const where = and(live, status ? eq(courses.approveStatus, status) : undefined);
  const order = status === 'pending' ? [asc(courses.submittedAt), asc(courses.id)] : [desc(courses.updatedAt), desc(courses.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: courses.id,
        title: courses.title,
        instructorId: courses.instructorId,
        instructorName: instructorColumn<string>('name'),
        approveStatus: courses.approveStatus,
        createdAt: courses.createdAt,
        updatedAt: courses.updatedAt,
        submittedAt: courses.submittedAt,
      })
      .from(courses)
      .where(where)
      .orderBy(...order)
      .limit(limit),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { rows, total: total!.n };
}
export type LatestCourseRow = Awaited<ReturnType<typeof latestCourses>>['rows'][number];
export type RecentPersonRow = Awaited<ReturnType<typeof recentPeople>>[number];
