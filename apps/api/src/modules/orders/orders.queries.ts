import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, orders, users } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

const orderColumns = {
  id: orders.id,
  amount: orders.amount,
  provider: orders.provider,
  status: orders.status,
  reference: orders.reference,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  courseId: courses.id,
  courseTitle: courses.title,
  participantId: users.id,
  participantName: users.name,
  participantEmail: users.email,
};
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export interface OrderFilter {
  participantId?: number;
  instructorId?: number;
  status?: 'pending' | 'paid' | 'cancelled';
  /** Course title, participant name or email, or the reference. */
  search?: string;
}

function orderWhere(f: OrderFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.participantId !== undefined) parts.push(eq(orders.participantId, f.participantId));
  if (f.instructorId !== undefined) parts.push(eq(courses.instructorId, f.instructorId));
  if (f.status) parts.push(eq(orders.status, f.status));
  if (f.search?.trim()) {
    const like = containsPattern(f.search);
    parts.push(or(ilike(courses.title, like), ilike(users.name, like), ilike(users.email, like), ilike(orders.reference, like))!);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function listOrders(db: Db, filter: OrderFilter, page: number, perPage: number) {
  const where = orderWhere(filter);
  const base = () => db.select(orderColumns).from(orders).innerJoin(courses, eq(courses.id, orders.courseId)).innerJoin(users, eq(users.id, orders.participantId));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(orders).innerJoin(courses, eq(courses.id, orders.courseId)).innerJoin(users, eq(users.id, orders.participantId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findOrder(db: Db, id: number) {
  const [row] = await db.select(orderColumns).from(orders).innerJoin(courses, eq(courses.id, orders.courseId)).innerJoin(users, eq(users.id, orders.participantId)).where(eq(orders.id, id));
  return row;
}

export async function findLiveOrderOrEnrollment(db: Db, participantId: number, courseId: number) {
  const [[e], [o]] = await Promise.all([
    db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId))).limit(1),
    db.select({ id: orders.id }).from(orders).where(and(eq(orders.participantId, participantId), eq(orders.courseId, courseId), sql`${orders.status} <> 'cancelled'`)).limit(1),
  ]);
  return e ?? o;
}

export async function userEmail(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

/**
 * The order, and for a free course the enrolment, in one statement (atomic like a transaction);
 * returns the order id. One statement, not a transaction of two: the enrolment's trigger locks the
 * course's row (its enrolment counter, migration 0007) until the commit, and in a transaction the
 * commit waited for the API process to send it, so enrolments in one course at once queued behind
 * each other's round trips (issue 26, point 5). Now the lock is held only inside the server.
 */
export async function insertOrder(
  db: Db,
  values: { participantId: number; courseId: number; amount: number; provider: 'free' | 'bank_transfer'; status: 'paid' | 'pending'; reference: string; paidAt: Date | null },
  enrol: boolean,
): Promise<number> {
  const order = db.insert(orders).values(values).returning({ id: orders.id });
  if (!enrol) return (await order)[0]!.id;
  const result = await db.execute(sql`
    with placed as (${order.getSQL()})
    insert into ${enrollments} (participant_id, course_id, order_id)
    select ${values.participantId}, ${values.courseId}, placed.id from placed
    returning order_id`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: { order_id: number }[] }).rows) as { order_id: number }[];
  return row!.order_id;
}

/** Paid and enrolled in one transaction; false when the order was no longer pending. */
export async function markPaidAndEnrol(db: Db, order: { id: number; participantId: number; courseId: number }, confirmedBy: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), confirmedBy })
      .where(sql`${orders.id} = ${order.id} and ${orders.status} = 'pending'`)
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    await tx.insert(enrollments).values({ participantId: order.participantId, courseId: order.courseId, orderId: order.id }).onConflictDoNothing();
    return true;
  });
}

/** False when the order was no longer pending (confirmed or cancelled meanwhile). */
export async function markCancelled(db: Db, id: number): Promise<boolean> {
  const updated = await db.update(orders).set({ status: 'cancelled' }).where(sql`${orders.id} = ${id} and ${orders.status} = 'pending'`).returning({ id: orders.id });
  return updated.length > 0;
}
