import { AppError } from '../../lib/app-error';
import { mailLinks } from '@nibras/contract';
import { bankTransferProvider, newOrderReference } from '../../lib/payments';
import { formatMoney } from '../../lib/money';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { invalidateCatalog } from '../catalog/catalog.service';
import { composeNotification, mailQueued, notifyUser, siteLink, type NewMail, type NotificationTemplate, type Recipient } from '../mail/mail.service';
import { presentAdminOrder, presentOrder } from './orders.presenter';
import { findOrder, insertOrder, listOrders, markCancelled, markPaidAndEnrol, orderContext, type OrderRow } from './orders.queries';

const PER_PAGE = 10;
const alreadyOrdered = () => new AppError('api.order.already', 409, { fields: { course_id: 'api.order.already' } });

/**
 * A free course enrolls at once; a paid course waits as a pending bank-transfer order
 * until an admin confirms the money arrived.
 */
export async function orderCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  // The public course with its instructor's email, whether this participant already holds it, and their mail settings: one prepared statement.
  const { course, taken, participant } = await orderContext(ctx.db, user.id, courseId);
  if (!course) throw new AppError('api.course.not_found', 404);
  // Instructors may also hold a participant account under the same email: not for their own course.
  if (course.ownerEmail && course.ownerEmail.toLowerCase() === user.email.toLowerCase()) {
    throw new AppError('api.order.own_course', 409, { fields: { course_id: 'api.order.own_course' } });
  }
  if (taken) throw alreadyOrdered();
  const amountMinor = course.priceMinor;
  const free = amountMinor === 0;
  const values = {
    participantId: user.id,
    courseId,
    amountMinor,
    currency: ctx.config.currency,
    provider: free ? ('free' as const) : ('bank_transfer' as const),
    status: free ? ('paid' as const) : ('pending' as const),
    reference: newOrderReference(),
    paidAt: free ? new Date() : null,
  };
  // The participant's mail about it, written by the order's own statement (the session proved the account active).
  const mail = participant
    ? composeNotification(ctx, { id: user.id, role: user.role, email: user.email, name: user.name, ...participant }, (to) =>
        orderLetter(ctx, to, { ...values, courseTitle: course.title }),
      )
    : null;
  try {
    const placed = await placeOrder(ctx, values, free, mail);
    if (free) invalidateCatalog(ctx);
    // What findOrder would read back: all of it is known here.
    const row: OrderRow = {
      ...values,
      id: placed.id,
      createdAt: placed.createdAt,
      courseTitle: course.title,
      participantName: user.name,
      participantEmail: user.email,
    };
    const provider = bankTransferProvider(ctx.config.bankTransferDetails);
    return { order: presentOrder(row), enrolled: free, payment: free ? null : provider.instructions(row) };
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOrdered();
    throw error;
  }
}

/**
 * The order with its mail in one statement. A mail the database refuses must not cost the order (as
 * notifyUser promises): when the statement fails for anything but a second order, which wrote nothing,
 * the order is placed again without its mail, and the failure logged.
 */
async function placeOrder(ctx: AppContext, values: Parameters<typeof insertOrder>[1], enrol: boolean, mail: NewMail | null) {
  try {
    const placed = await insertOrder(ctx.db, values, enrol, mail);
    if (mail) mailQueued(ctx);
    return placed;
  } catch (error) {
    if (!mail || isUniqueViolation(error)) throw error;
    ctx.log('error', 'a notification mail could not be queued', error);
    return insertOrder(ctx.db, values, enrol, null);
  }
}

export async function participantOrders(ctx: AppContext, user: RequestUser, page: number) {
  const { rows, total } = await listOrders(ctx.db, { participantId: user.id }, page, PER_PAGE);
  return { items: rows.map(presentOrder), page, perPage: PER_PAGE, total };
}

export async function instructorOrders(ctx: AppContext, user: RequestUser, page: number) {
  const { rows, total } = await listOrders(ctx.db, { instructorId: user.id }, page, PER_PAGE);
  return { items: rows.map(presentOrder), page, perPage: PER_PAGE, total };
}

export async function adminOrders(ctx: AppContext, page: number, body: { status?: 'pending' | 'paid' | 'cancelled' | undefined; search?: string | undefined; perPage?: number | undefined }) {
  const perPage = body.perPage ?? PER_PAGE;
  const { rows, total } = await listOrders(ctx.db, { status: body.status, search: body.search }, page, perPage);
  return { items: rows.map(presentAdminOrder), page, perPage, total };
}

async function pendingOrderOr409(ctx: AppContext, id: number) {
  const row = await findOrder(ctx.db, id);
  if (!row) throw new AppError('api.order.not_found', 404);
  if (row.status !== 'pending') throw new AppError('api.order.not_pending', 409);
  return row;
}

/** The bank transfer arrived: paid and enrolled, in one transaction; confirming twice is refused. */
export async function confirmOrder(ctx: AppContext, admin: RequestUser, orderId: number) {
  const row = await pendingOrderOr409(ctx, orderId);
  if (!(await markPaidAndEnrol(ctx.db, { id: orderId, participantId: row.participantId, courseId: row.courseId }, admin.id))) {
    throw new AppError('api.order.not_pending', 409);
  }
  invalidateCatalog(ctx);
  const paid = (await findOrder(ctx.db, orderId))!;
  await notifyOrder(ctx, paid);
  return presentAdminOrder(paid);
}

/**
 * The participant's mail about an order (docs/mail.md): received while it waits for the bank
 * transfer (with the reference to quote), paid once enrolled (a free course is paid at once).
 */
function orderLetter(
  ctx: AppContext,
  to: Recipient,
  order: Pick<OrderRow, 'status' | 'courseId' | 'courseTitle' | 'reference' | 'amountMinor' | 'currency'>,
): NotificationTemplate {
  return order.status === 'paid'
    ? { kind: 'order_paid', params: { name: to.name, course: order.courseTitle, link: siteLink(ctx, mailLinks.learn(order.courseId)) } }
    : {
        kind: 'order_received',
        params: { name: to.name, course: order.courseTitle, reference: order.reference, amount: formatMoney(order.amountMinor, order.currency, to.lang), link: siteLink(ctx, mailLinks.participantOrders()) },
      };
}

/** The same mail once an admin confirmed the transfer, after the change is committed. */
async function notifyOrder(ctx: AppContext, row: OrderRow): Promise<void> {
  await notifyUser(ctx, row.participantId, (to) => orderLetter(ctx, to, row));
}

/** Refused like a second confirm when a confirm got there first: the answer never says "cancelled" for a paid order. */
export async function cancelOrder(ctx: AppContext, orderId: number) {
  await pendingOrderOr409(ctx, orderId);
  if (!(await markCancelled(ctx.db, orderId))) throw new AppError('api.order.not_pending', 409);
  return presentAdminOrder((await findOrder(ctx.db, orderId))!);
}
