import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { bankTransferProvider, newOrderReference } from '../../lib/payments';
import { courses, enrollments, orders, users } from '../../db/schema';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { isUniqueViolation } from '../accounts/accounts.queries';
import { invalidateCatalog, publicCourseOr404 } from '../catalog/catalog.service';
import { findLiveOrderOrEnrollment, findOrder, listOrders, orderSearch, presentOrder } from './orders.queries';

const alreadyOrdered = () => new AppError('api.order.already', 409, { fields: { course_id: 'api.order.already' } });

/**
 * A free course enrolls at once; a paid course waits as a pending bank-transfer order
 * until an admin confirms the money arrived.
 */
export async function orderCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  const course = await publicCourseOr404(ctx, courseId);
  // Instructors may also hold a participant account under the same email: not for their own course.
  const [owner] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, course.instructorId));
  if (owner && owner.email.toLowerCase() === user.email.toLowerCase()) {
    throw new AppError('api.order.own_course', 409, { fields: { course_id: 'api.order.own_course' } });
  }
  if (await findLiveOrderOrEnrollment(ctx.db, user.id, courseId)) throw alreadyOrdered();
  const amount = Number(course.price);
  const free = amount === 0;
  try {
    const orderId = await ctx.db.transaction(async (tx) => {
      const [o] = await tx
        .insert(orders)
        .values({
          participantId: user.id,
          courseId,
          amount,
          provider: free ? 'free' : 'bank_transfer',
          status: free ? 'paid' : 'pending',
          reference: newOrderReference(),
          paidAt: free ? new Date() : null,
        })
        .returning({ id: orders.id });
      if (free) await tx.insert(enrollments).values({ participantId: user.id, courseId, orderId: o!.id });
      return o!.id;
    });
    if (free) invalidateCatalog(ctx);
    const row = (await findOrder(ctx.db, orderId))!;
    const provider = bankTransferProvider(ctx.config.bankTransferDetails);
    return { order: presentOrder(row), enrolled: free, payment: free ? null : provider.instructions({ reference: row.reference, amount }) };
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOrdered();
    throw error;
  }
}

export async function participantOrders(ctx: AppContext, user: RequestUser, page: number) {
  const perPage = 10;
  const { rows, total } = await listOrders(ctx.db, eq(orders.participantId, user.id), page, perPage);
  return { items: rows.map(presentOrder), page, perPage, total };
}

export async function instructorOrders(ctx: AppContext, user: RequestUser, page: number) {
  const perPage = 10;
  const { rows, total } = await listOrders(ctx.db, eq(courses.instructorId, user.id), page, perPage);
  return { items: rows.map(presentOrder), page, perPage, total };
}

export async function adminOrders(ctx: AppContext, page: number, body: { status?: string | undefined; search?: string | undefined; perPage?: number | undefined }) {
  const perPage = body.perPage ?? 10;
  const { rows, total } = await listOrders(ctx.db, orderSearch(body.search, body.status), page, perPage);
  return { items: rows.map((r) => ({ ...presentOrder(r), participantEmail: r.participantEmail })), page, perPage, total };
}

async function orderOr404(ctx: AppContext, id: number) {
  const row = await findOrder(ctx.db, id);
  if (!row) throw new AppError('api.order.not_found', 404);
  return row;
}

/** The bank transfer arrived: paid and enrolled, in one transaction; confirming twice is refused. */
export async function confirmOrder(ctx: AppContext, admin: RequestUser, orderId: number) {
  const row = await orderOr404(ctx, orderId);
  if (row.status !== 'pending') throw new AppError('api.order.not_pending', 409);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), confirmedBy: admin.id })
      .where(sql`${orders.id} = ${orderId} and ${orders.status} = 'pending'`)
      .returning({ id: orders.id });
    if (updated.length === 0) throw new AppError('api.order.not_pending', 409);
    await tx.insert(enrollments).values({ participantId: row.participantId, courseId: row.courseId, orderId }).onConflictDoNothing();
  });
  invalidateCatalog(ctx);
  const after = (await findOrder(ctx.db, orderId))!;
  return { ...presentOrder(after), participantEmail: after.participantEmail };
}

export async function cancelOrder(ctx: AppContext, orderId: number) {
  const row = await orderOr404(ctx, orderId);
  if (row.status !== 'pending') throw new AppError('api.order.not_pending', 409);
  await ctx.db.update(orders).set({ status: 'cancelled' }).where(sql`${orders.id} = ${orderId} and ${orders.status} = 'pending'`);
  const after = (await findOrder(ctx.db, orderId))!;
  return { ...presentOrder(after), participantEmail: after.participantEmail };
}
