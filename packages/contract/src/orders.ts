import { z } from 'zod';
import { numeric } from './numbers';
import { currencyCode, minorUnits } from './money-fields';
import { PAYMENT_METHODS, paymentInstructions } from './catalog';
import { checkoutQuote, quoteBody } from './coupons';
import { courseIdBody, envelope, listData, pageQuery } from './envelope';
import type { RouteDef } from './route-def';
import { invoiceLink } from './invoices';

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const order = z.object({
  id: z.number().int(),
  course: z.object({ id: z.number().int(), title: z.string() }),
  participant: z.object({ id: z.number().int(), name: z.string() }),
  amount: z.number().describe('amountMinor in major units, for reading only'),
  amountMinor: minorUnits,
  currency: currencyCode,
  provider: z.enum(['free', 'bank_transfer', 'card']),
  status: z.enum(ORDER_STATUSES),
  reference: z.string().describe('Quote it with a bank transfer'),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable().describe('When the order was refunded (status refunded)'),
});
export type Order = z.infer<typeof order>;

/** A participant's order in their list, with its tax invoice once paid (null while pending, and for a free order). */
export const participantOrder = order.extend({ invoice: invoiceLink.nullable().describe('The tax invoice (GET /api/participant/order/{id}/invoice/pdf), or null') });
export type ParticipantOrder = z.infer<typeof participantOrder>;

export const orderResult = z.object({
  order,
  enrolled: z.boolean().describe('True at once for a free course'),
  payment: paymentInstructions.nullable().describe('How to pay a pending order'),
});

export const adminOrderListBody = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  search: z.string().max(200).optional(),
  perPage: numeric(z.number().int().min(1).max(100)).optional(),
  sortConfig: z.unknown().optional().describe('Accepted for the spec; orders are listed newest first'),
});
export const adminOrder = order.extend({ participantEmail: z.string() });
export const orderBody = courseIdBody.extend({
  method: z.enum(PAYMENT_METHODS).optional().describe('How to pay a paid course: bank_transfer (the default) or card (when the site has a card gateway; 409 otherwise)'),
  coupon: z.string().trim().max(64).optional().describe('A coupon code (docs/payments.md): refused with errors.coupon when it does not apply; one that makes the course free enrols at once'),
});
const orderIdBody = z.strictObject({ order_id: numeric(z.number().int().min(1).max(2_147_483_647)) });

export const orderRoutes = {
  order: {
    method: 'POST', path: '/api/participant/enrollcourse/order', access: 'participant', errors: [404, 409], tags: ['orders'],
    summary:
      'Order a course: a free course enrolls at once; a paid one creates a pending order, paid by bank transfer (instructions in `payment`) or by card on the gateway\'s page (`payment.checkoutUrl`). Ordering again while an order waits for its payment changes its method. 409 when it is paid or yours.',
    body: orderBody, response: envelope(orderResult),
  },
  quote: {
    method: 'POST', path: '/api/participant/checkout/quote', access: 'participant', errors: [404, 409], tags: ['orders'], body: quoteBody,
    summary: "What ordering the course costs: price before and after a coupon, VAT, total; a coupon that does not apply is 400 with errors.coupon (409 when it is used up)",
    response: envelope(checkoutQuote),
  },
  participantList: {
    method: 'GET', path: '/api/participant/enrollcourse/order/list', access: 'participant', tags: ['orders'],
    summary: "The participant's orders, newest first, each with its tax invoice's number once paid", query: pageQuery, response: envelope(listData(participantOrder)),
  },
  instructorList: {
    method: 'GET', path: '/api/instructor/enrollcourse/order/list', access: 'instructor', tags: ['orders'],
    summary: "Orders of the instructor's own courses, newest first", query: pageQuery, response: envelope(listData(order)),
  },
  adminList: {
    method: 'POST', path: '/api/admin/order/list', access: 'admin', tags: ['orders'],
    summary: 'All orders, filterable by status and by course title or participant', query: pageQuery, body: adminOrderListBody,
    response: envelope(listData(adminOrder)),
  },
  confirm: {
    method: 'POST', path: '/api/admin/order/confirm', access: 'admin', errors: [404, 409], tags: ['orders'],
    summary: 'Confirm that a bank transfer arrived: the order is paid and the participant enrolled', body: orderIdBody, response: envelope(adminOrder),
  },
  refund: {
    method: 'POST', path: '/api/admin/order/refund', access: 'admin', errors: [404, 409], tags: ['orders'],
    summary:
      "Refund a paid order, whole: a card order through the gateway (refunded, never voided, so mada's rules hold), a bank transfer marked refunded once the money was sent back; the participant's access ends and they are mailed. 409 unless it is paid with an amount, or when the gateway refuses; 503 when the gateway cannot be reached (nothing changed)",
    body: orderIdBody, response: envelope(adminOrder),
  },
  cancel: {
    method: 'POST', path: '/api/admin/order/cancel', access: 'admin', errors: [404, 409], tags: ['orders'],
    summary: 'Cancel a pending order (the participant may order again)', body: orderIdBody, response: envelope(adminOrder),
  },
} satisfies Record<string, RouteDef>;

/** The card gateway's side of a payment (docs/payments.md): where the payer comes back, and where the gateway tells us. */
export const paymentRoutes = {
  moyasarReturn: {
    method: 'GET', path: '/api/payments/moyasar/return', access: 'public', redirect: true, errors: [404], tags: ['orders'],
    query: z.object({ order: numeric(z.number().int().min(1).max(2_147_483_647)) }).loose(),
    summary:
      "Where the card gateway sends the payer back: the order's payment is fetched from the gateway and checked (status, amount, currency, order), the participant enrolled once, then 302 to the course page with ?payment=paid, pending or failed",
  },
  moyasarWebhook: {
    method: 'POST', path: '/api/payments/moyasar/webhook', access: 'public', errors: [401, 404], tags: ['orders'],
    body: z.looseObject({}).describe("Moyasar's event: { id, type, created_at, secret_token, data: payment }"),
    response: envelope(z.object({ outcome: z.string().describe('What the event did: paid, already, ignored, replayed, …') })),
    summary:
      "Moyasar's webhook (404 when card payments are off): 401 unless its secret token matches; then the payment is fetched from the gateway and checked before anything changes, so a forged, replayed, late or out-of-order event changes nothing",
  },
} satisfies Record<string, RouteDef>;

