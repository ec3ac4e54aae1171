import { mailLinks } from '@nibras/contract';
import type { RequestUser } from '../../plugins/auth';
import { formatMoney } from '../../lib/money';
import { AppError } from '../../lib/app-error';
import { GatewayError, type CardGateway, type GatewayPayment } from '../../lib/payments';
import type { AppContext } from '../../context';
import { invalidateCatalog } from '../catalog/catalog.service';
import { notifyUser, siteLink } from '../mail/mail.service';
import { notify } from '../notifications/notifications.service';
import { notifyOrder } from './orders.service';
import { presentAdminOrder } from './orders.presenter';
import { findOrder, findOrderByCheckout, markPaidAndEnrol, markRefundedAndUnenrol, paymentEventSeen, recordPaymentEvent, type OrderRow } from './orders.queries';

/**
 * Card payments coming back (docs/payments.md). Nothing the browser or a webhook says is believed: the
 * order's payment is always fetched from the gateway with the secret key and checked against the order
 * (status paid, the same amount and currency, the order's own checkout) before anything changes. The
 * return and the webhook both settle the order; whichever comes first enrols, once.
 */

/** What settling an order with the gateway's word did. */
type Settled = 'paid' | 'already' | 'not_paid' | 'mismatch' | 'not_pending' | 'refunded';

/** Why a payment does not pay this order, or null when it does. */
function mismatch(order: OrderRow, payment: GatewayPayment): string | null {
  if (payment.status !== 'paid' && payment.status !== 'captured') return `status ${payment.status}`;
  if (payment.amountMinor !== order.amountMinor) return `amount ${payment.amountMinor} for ${order.amountMinor}`;
  if (payment.currency !== order.currency) return `currency ${payment.currency} for ${order.currency}`;
  if (!order.gatewayCheckoutId || payment.checkoutId !== order.gatewayCheckoutId) return 'another checkout';
  if (payment.orderId !== null && payment.orderId !== String(order.id)) return `order ${payment.orderId}`;
  return null;
}

async function settle(ctx: AppContext, order: OrderRow, payment: GatewayPayment): Promise<Settled> {
  // Refunded at the gateway (its dashboard, or our own refund's webhook): the order follows, once.
  if (payment.status === 'refunded' && order.gatewayPaymentId === payment.id) {
    if (order.status !== 'paid') return 'already';
    return (await endPaidOrder(ctx, order, null)) ? 'refunded' : 'already';
  }
  if (order.gatewayPaymentId === payment.id && order.status === 'paid') return 'already';
  if (payment.status !== 'paid' && payment.status !== 'captured') return 'not_paid';
  const wrong = mismatch(order, payment);
  if (wrong) {
    ctx.log('warn', `a gateway payment does not pay order ${order.id}: ${wrong}`, { payment: payment.id });
    return 'mismatch';
  }
  if (order.status !== 'pending') {
    // Paid by another payment, or cancelled before the money came: nothing changes here; an admin sees it in the events.
    ctx.log('warn', `a payment arrived for order ${order.id}, which is ${order.status}`, { payment: payment.id });
    return 'not_pending';
  }
  if (!(await markPaidAndEnrol(ctx.db, order, { gatewayPaymentId: payment.id }, ctx.config.invoices))) return 'already';
  invalidateCatalog(ctx);
  await notifyOrder(ctx, { ...order, status: 'paid' });
  return 'paid';
}

function gateway(ctx: AppContext): CardGateway {
  if (!ctx.cardGateway) throw new AppError('api.order.card_unavailable', 404);
  return ctx.cardGateway;
}

/**
 * The payer is back from the gateway's page. The order's checkout is fetched from the gateway and its
 * paid payment, if any, settles the order. Answers where the browser goes next: the course page, saying
 * paid (enrolled), pending (not paid yet, or the gateway cannot be asked now: the webhook will settle
 * it), or failed (the checkout holds only failed attempts).
 */
export async function returnFromGateway(ctx: AppContext, orderId: number): Promise<string> {
  const cards = gateway(ctx);
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new AppError('api.order.not_found', 404);
  const back = (outcome: 'paid' | 'pending' | 'failed') => siteLink(ctx, mailLinks.courseDetails(order.courseId, outcome));
  if (order.status === 'paid') return back('paid');
  if (order.status !== 'pending' || !order.gatewayCheckoutId) return back('pending');
  let checkout;
  try {
    checkout = await cards.fetchCheckout(order.gatewayCheckoutId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    ctx.log('error', 'the card gateway could not be asked about a returning payer', error);
    return back('pending');
  }
  if (!checkout) return back('pending');
  for (const payment of checkout.payments) {
    const outcome = await settle(ctx, order, payment);
    if (outcome === 'paid' || outcome === 'already') return back('paid');
  }
  const tried = checkout.payments.length > 0 && checkout.payments.every((p) => p.status === 'failed');
  return back(tried ? 'failed' : 'pending');
}

/**
 * A webhook from the gateway. A wrong secret is 401 and changes nothing. An event seen before (the same
 * id) changes nothing. Otherwise the payment it names is fetched from the gateway and acted on as the
 * gateway has it now, whatever the event claims: a late or out-of-order event (a "paid" arriving after
 * the refund) finds the payment's present state. The gateway down is 503, so the gateway sends it again.
 */
export async function receiveWebhook(ctx: AppContext, body: unknown): Promise<string> {
  const cards = gateway(ctx);
  const event = cards.verifyWebhook(body);
  if (!event) throw new AppError('api.payment.webhook_forged', 401);
  if (await paymentEventSeen(ctx.db, cards.id, event.id)) return 'replayed';
  let payment: GatewayPayment | null;
  try {
    payment = await cards.fetchPayment(event.paymentId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    ctx.log('error', 'the card gateway could not be asked about a webhook', error);
    throw new AppError('api.payment.gateway_unavailable', 503);
  }
  const order = payment?.checkoutId ? await findOrderByCheckout(ctx.db, payment.checkoutId) : undefined;
  const outcome = !payment ? 'unknown_payment' : !order ? 'unknown_order' : await settle(ctx, order, payment);
  await recordPaymentEvent(ctx.db, { provider: cards.id, eventId: event.id, type: event.type, paymentId: event.paymentId, orderId: order?.id ?? null, outcome });
  return outcome;
}

/** The order refunded, its enrolment ended, the participant told (in their language); false when another refund got there first. */
async function endPaidOrder(ctx: AppContext, order: OrderRow, admin: number | null): Promise<boolean> {
  if (!(await markRefundedAndUnenrol(ctx.db, order, admin))) return false;
  invalidateCatalog(ctx);
  await notify(ctx, order.participantId, 'order_refunded', { course: order.courseTitle }, mailLinks.participantOrders());
  await notifyUser(ctx, order.participantId, (to) => ({
    kind: 'order_refunded',
    params: {
      name: to.name,
      course: order.courseTitle,
      amount: formatMoney(order.amountMinor, order.currency, to.lang),
      card: order.provider === 'card',
      link: siteLink(ctx, mailLinks.participantOrders()),
    },
  }));
  return true;
}

/**
 * An admin refunds a paid order, whole (docs/payments.md). A card order is refunded through the gateway
 * first (a refund, never a void: mada payments can only be refunded), and only a refund the gateway
 * confirms ends the order; a bank transfer is marked refunded once the admin sent the money back.
 */
export async function refundOrder(ctx: AppContext, admin: RequestUser, orderId: number) {
  const order = await findOrder(ctx.db, orderId);
  if (!order) throw new AppError('api.order.not_found', 404);
  if (order.status !== 'paid' || order.amountMinor === 0) throw new AppError('api.order.not_refundable', 409);
  if (order.provider === 'card') {
    const cards = gateway(ctx);
    if (!order.gatewayPaymentId) throw new AppError('api.order.not_refundable', 409);
    let refunded: GatewayPayment | null;
    try {
      refunded = await cards.refund(order.gatewayPaymentId, order.amountMinor);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      ctx.log('error', `the card gateway did not refund order ${order.id}`, error);
      // Refused (already refunded at the gateway's dashboard?): the payment as the gateway has it decides.
      refunded = error.status !== null && error.status < 500 ? await cards.fetchPayment(order.gatewayPaymentId).catch(() => null) : null;
      if (!refunded) throw new AppError('api.payment.gateway_unavailable', 503);
    }
    if (refunded.status !== 'refunded' || refunded.refundedMinor < order.amountMinor) {
      throw new AppError('api.payment.refund_refused', 409, { params: { reason: refunded.status } });
    }
  }
  if (!(await endPaidOrder(ctx, order, admin.id))) throw new AppError('api.order.not_refundable', 409);
  return presentAdminOrder((await findOrder(ctx.db, orderId))!);
}
