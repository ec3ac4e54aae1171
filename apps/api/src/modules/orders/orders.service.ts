import { AppError } from '../../lib/app-error';
import { mailLinks, type PaymentMethod } from '@nibras/contract';
import { bankTransferProvider, cardInstructions, GatewayError, newOrderReference } from '../../lib/payments';
import { formatMoney } from '../../lib/money';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppContext } from '../../context';
import { bankOf } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { invalidateCatalog } from '../catalog/catalog.service';
import { composeNotification, mailQueued, notifyUser, siteLink, type NewMail, type NotificationTemplate, type Recipient } from '../mail/mail.service';
import { notify } from '../notifications/notifications.service';
import { invoiceLinks } from '../invoices/invoices.service';
import { presentAdminOrder, presentOrder } from './orders.presenter';
import { placeOrderUsingCoupon, presentQuote, priceFor, releaseCoupon } from '../coupons/coupons.service';
import { findOrder, insertOrder, listOrders, markCancelled, markPaidAndEnrol, orderContext, setPaymentMethod, type LiveOrder, type OrderRow } from './orders.queries';

const PER_PAGE = 10;
const alreadyOrdered = () => new AppError('api.order.already', 409, { fields: { course_id: 'api.order.already' } });

/**
 * A free course enrolls at once; a paid course waits as a pending order until its money arrives: by
 * bank transfer, confirmed by an admin, or by card on the gateway's page, confirmed by the gateway
 * (payments.service.ts). Ordering again while the order waits, with a `method`, changes how it is paid.
 */
/** The public course a participant may order, with what ordering it is checked against (404, 409 for their own course). */
async function orderableCourse(ctx: AppContext, user: RequestUser, courseId: number) {
  // The public course with its instructor's email, the participant's enrolment and live order, and their mail settings: one prepared statement.
  const context = await orderContext(ctx.db, user.id, courseId);
  const { course } = context;
  if (!course) throw new AppError('api.course.not_found', 404);
  // Instructors may also hold a participant account under the same email: not for their own course.
  if (course.ownerEmail && course.ownerEmail.toLowerCase() === user.email.toLowerCase()) {
    throw new AppError('api.order.own_course', 409, { fields: { course_id: 'api.order.own_course' } });
  }
  return { ...context, course };
}

/** What ordering the course costs this participant: before and after a coupon, with the VAT (the checkout's confirmation step). */
export async function checkoutQuote(ctx: AppContext, user: RequestUser, courseId: number, coupon?: string) {
  const { course } = await orderableCourse(ctx, user, courseId);
  return presentQuote(ctx, courseId, await priceFor(ctx, user.id, course, coupon || undefined));
}

export async function orderCourse(ctx: AppContext, user: RequestUser, courseId: number, method?: PaymentMethod, couponCode?: string) {
  const { course, enrolled, live, participant } = await orderableCourse(ctx, user, courseId);
  if (method === 'card' && !ctx.cardGateway) throw new AppError('api.order.card_unavailable', 409, { fields: { method: 'api.order.card_unavailable' } });
  if (enrolled || live?.status === 'paid') throw alreadyOrdered();
  if (live) {
    // A coupon prices a new order only.
    if (couponCode) throw new AppError('api.coupon.order_exists', 409, { fields: { coupon: 'api.coupon.order_exists' } });
    // The spec's second order is refused; choosing a way to pay again is not.
    if (!method) throw alreadyOrdered();
    return payPendingOrderBy(ctx, user, course, live, method);
  }
  // The price, less a coupon's discount (checked here, its use taken with the order): a coupon that makes it free enrols at once.
  const priced = await priceFor(ctx, user.id, course, couponCode || undefined);
  const amountMinor = priced.quote.totalMinor;
  const free = amountMinor === 0;
  const provider = free ? ('free' as const) : method === 'card' ? ('card' as const) : ('bank_transfer' as const);
  const values = {
    participantId: user.id,
    courseId,
    amountMinor,
    currency: ctx.config.currency,
    provider,
    status: free ? ('paid' as const) : ('pending' as const),
    reference: newOrderReference(),
    paidAt: free ? new Date() : null,
  };
  // The participant's mail about it, written by the order's own statement (the session proved the account active);
  // a card order is mailed once it is paid.
  const mail =
    participant && provider !== 'card'
      ? composeNotification(ctx, { id: user.id, role: user.role, email: user.email, name: user.name, ...participant }, (to) =>
          orderLetter(ctx, to, { ...values, courseTitle: course.title }),
        )
      : null;
  let placed: { id: number; createdAt: Date };
  try {
    placed = priced.applied
      ? await placeOrderUsingCoupon(ctx, values, priced.applied, priced.quote, free, mail)
      : await placeOrder(ctx, values, free, mail);
    if (priced.applied && mail) mailQueued(ctx);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyOrdered();
    throw error;
  }
  if (free) invalidateCatalog(ctx);
  // What findOrder would read back: all of it is known here.
  const row: OrderRow = {
    ...values,
    id: placed.id,
    createdAt: placed.createdAt,
    courseTitle: course.title,
    participantName: user.name,
    participantEmail: user.email,
    gatewayCheckoutId: null,
    gatewayCheckoutUrl: null,
    gatewayPaymentId: null,
    refundedAt: null,
  };
  if (provider === 'card') {
    const checkoutUrl = await openCheckout(ctx, row, course.title);
    return { order: presentOrder(row), enrolled: false, payment: cardInstructions({ ...row, checkoutUrl }) };
  }
  const bank = bankTransferProvider(bankOf(ctx));
  return { order: presentOrder(row), enrolled: free, payment: free ? null : bank.instructions(row) };
}

/** A pending order paid another way: a card checkout made (or made again), or back to bank transfer. */
async function payPendingOrderBy(ctx: AppContext, user: RequestUser, course: { title: string }, live: LiveOrder, method: PaymentMethod) {
  const row = (await findOrder(ctx.db, live.id))!;
  if (method === 'card') {
    const checkoutUrl = await openCheckout(ctx, row, course.title);
    return { order: presentOrder({ ...row, provider: 'card' }), enrolled: false, payment: cardInstructions({ ...row, checkoutUrl }) };
  }
  if (!(await setPaymentMethod(ctx.db, live.id, { provider: 'bank_transfer' }))) throw alreadyOrdered();
  return {
    order: presentOrder({ ...row, provider: 'bank_transfer' }),
    enrolled: false,
    payment: bankTransferProvider(bankOf(ctx)).instructions(row),
  };
}

/**
 * The gateway's checkout for a pending card order (a new one each time: an earlier one left unpaid
 * stays valid at the gateway, and paying it still pays this order, which it names). The gateway down
 * answers 503: the order waits, and ordering again with `card` tries again.
 */
async function openCheckout(ctx: AppContext, order: OrderRow, courseTitle: string): Promise<string> {
  const gateway = ctx.cardGateway!;
  let checkout: { id: string; url: string };
  try {
    checkout = await gateway.createCheckout({
      id: order.id,
      reference: order.reference,
      amountMinor: order.amountMinor,
      currency: order.currency,
      description: `${courseTitle} (${order.reference})`,
      returnUrl: siteLink(ctx, `/api/payments/moyasar/return?order=${order.id}`),
      backUrl: siteLink(ctx, mailLinks.courseDetails(order.courseId)),
    });
  } catch (error) {
    if (error instanceof GatewayError) {
      ctx.log('error', 'the card gateway could not open a checkout', error);
      throw new AppError('api.payment.gateway_unavailable', 503);
    }
    throw error;
  }
  if (!(await setPaymentMethod(ctx.db, order.id, { provider: 'card', gatewayCheckoutId: checkout.id, gatewayCheckoutUrl: checkout.url }))) throw alreadyOrdered();
  return checkout.url;
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

/** The participant's orders, each with its tax invoice's number once it has one (the invoices module's). */
export async function participantOrders(ctx: AppContext, user: RequestUser, page: number) {
  const { rows, total } = await listOrders(ctx.db, { participantId: user.id }, page, PER_PAGE);
  const invoices = await invoiceLinks(ctx, rows.filter((r) => r.status === 'paid').map((r) => r.id));
  return { items: rows.map((r) => ({ ...presentOrder(r), invoice: invoices.get(r.id) ?? null })), page, perPage: PER_PAGE, total };
}

export async function instructorOrders(ctx: AppContext, user: RequestUser, page: number) {
  const { rows, total } = await listOrders(ctx.db, { instructorId: user.id }, page, PER_PAGE);
  return { items: rows.map(presentOrder), page, perPage: PER_PAGE, total };
}

export async function adminOrders(ctx: AppContext, page: number, body: { status?: 'pending' | 'paid' | 'cancelled' | 'refunded' | undefined; search?: string | undefined; perPage?: number | undefined }) {
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
  if (!(await markPaidAndEnrol(ctx.db, { id: orderId, participantId: row.participantId, courseId: row.courseId }, { confirmedBy: admin.id }, ctx.config.invoices))) {
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
export async function notifyOrder(ctx: AppContext, row: OrderRow): Promise<void> {
  await notifyUser(ctx, row.participantId, (to) => orderLetter(ctx, to, row));
  if (row.status === 'paid') await notify(ctx, row.participantId, 'order_paid', { course: row.courseTitle }, mailLinks.learn(row.courseId));
}

/** Refused like a second confirm when a confirm got there first: the answer never says "cancelled" for a paid order. */
export async function cancelOrder(ctx: AppContext, orderId: number) {
  await pendingOrderOr409(ctx, orderId);
  if (!(await markCancelled(ctx.db, orderId))) throw new AppError('api.order.not_pending', 409);
  await releaseCoupon(ctx, orderId);
  return presentAdminOrder((await findOrder(ctx.db, orderId))!);
}
