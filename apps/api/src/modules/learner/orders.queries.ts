import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Order } from '@nibras/contract';
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

type OrderRow = Awaited<ReturnType<typeof findOrder>> & {};

export function presentOrder(r: OrderRow): Order {
  return {
    id: r.id,
    course: { id: r.courseId, title: r.courseTitle },
    participant: { id: r.participantId, name: r.participantName },
    amount: Number(r.amount),
    provider: r.provider,
    status: r.status,
    reference: r.reference,
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt ? r.paidAt.toISOString() : null,
  };
}

export async function listOrders(db: Db, where: SQL | undefined, page: number, perPage: number) {
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

export function orderSearch(search: string | undefined, status: string | undefined): SQL | undefined {
  const parts: SQL[] = [];
  if (status) parts.push(eq(orders.status, status as 'pending'));
  if (search?.trim()) {
    const like = containsPattern(search);
    parts.push(or(ilike(courses.title, like), ilike(users.name, like), ilike(users.email, like), ilike(orders.reference, like))!);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function findLiveOrderOrEnrollment(db: Db, participantId: number, courseId: number) {
  const [[e], [o]] = await Promise.all([
    db.select({ id: enrollments.id }).from(enrollments).where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId))).limit(1),
    db.select({ id: orders.id }).from(orders).where(and(eq(orders.participantId, participantId), eq(orders.courseId, courseId), sql`${orders.status} <> 'cancelled'`)).limit(1),
  ]);
  return e ?? o;
}
