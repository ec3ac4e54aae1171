import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { signedIn, testDatabase } from '../../../test/harness';
import { createCourse } from '../../../test/factories';
import { apiSuiteWithGateway } from '../../../test/moyasar-stand-in';
import { enrollments, mailOutbox, orders, paymentEvents } from '../../db/schema';

// Card payments through the gateway (issue 28, point 1; docs/payments.md), against the local Moyasar stand-in.
const withGateway = apiSuiteWithGateway();
const { suite } = withGateway;
const { get, post } = suite;
const CARD = '4111111111111111';

beforeEach(() => {
  withGateway.gateway.held.length = 0;
  withGateway.gateway.down = false;
});

type Headers = Record<string, string>;
const orderBy = (auth: Headers, courseId: number, method?: 'card' | 'bank_transfer') =>
  post('/api/participant/enrollcourse/order', { course_id: courseId, ...(method ? { method } : {}) }, { ...auth, 'accept-language': 'en' });

/** The browser coming back from the gateway's page to the success URL it was given. */
async function comeBack(successUrl: string) {
  const url = new URL(successUrl);
  expect(url.origin).toBe('https://nibras.test');
  const res = await get(`${url.pathname}${url.search}`);
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string);
}

async function enrolmentsOf(participantId: number, courseId: number) {
  const { db } = await testDatabase();
  return db.select().from(enrollments).where(and(eq(enrollments.participantId, participantId), eq(enrollments.courseId, courseId)));
}

async function paidMails(email: string) {
  const { db } = await testDatabase();
  return db.select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'order_paid')));
}

async function orderRow(id: number) {
  const { db } = await testDatabase();
  return (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
}

/** A participant with a pending card order of a new 49.50 course (of `instructorId` when given), and the gateway's page for it. */
async function cardOrder(price = 49.5, instructorId?: number) {
  const { user, auth } = await signedIn(suite.app, 'participant');
  const course = await createCourse({ price, ...(instructorId ? { instructorId } : {}) });
  const res = await orderBy(auth, course.id, 'card');
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  return { user, auth, course, order: data.order as { id: number; reference: string }, payment: data.payment as { provider: string; checkoutUrl: string }, message: res.json().message };
}

describe('card payments through the gateway (issue 28, point 1)', () => {
  it('the course page offers card and bank transfer; a card order sends the payer to the gateway with the exact amount, and stores no card', async () => {
    const { user, course, order, payment, message } = await cardOrder(49.5);
    const details = (await post(`/api/course/${course.id}/b`, {})).json().data;
    expect(details.paymentMethods).toEqual(['card', 'bank_transfer']);
    expect(message).toBe('Pay on the secure payment page to finish your order.');
    expect(payment).toMatchObject({ provider: 'card', amountMinor: 4950, currency: 'SAR', reference: order.reference });
    // The card is typed on the gateway's origin, never on ours.
    expect(new URL(payment.checkoutUrl).origin).toBe(withGateway.gateway.origin);
    const invoice = [...withGateway.gateway.invoices.values()].find((i) => i.url === payment.checkoutUrl)!;
    expect(invoice).toMatchObject({ amount: 4950, currency: 'SAR', metadata: { order_id: String(order.id), reference: order.reference } });
    expect(invoice.success_url).toBe(`https://nibras.test/api/payments/moyasar/return?order=${order.id}`);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', provider: 'card', gatewayCheckoutId: invoice.id, gatewayPaymentId: null });

    const back = await comeBack(await withGateway.gateway.pay(payment.checkoutUrl, { number: CARD }));
    expect(`${back.pathname}${back.search}`).toBe(`/course-details/${course.id}?payment=paid`);
    const paid = await orderRow(order.id);
    const gatewayPayment = [...withGateway.gateway.payments.values()].find((p) => p.invoice_id === invoice.id)!;
    expect(paid).toMatchObject({ status: 'paid', provider: 'card', gatewayPaymentId: gatewayPayment.id });
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
    // Nothing of the card is kept: only the gateway's ids.
    const { db } = await testDatabase();
    const stored = JSON.stringify([paid, await db.select().from(paymentEvents)]);
    expect(stored).not.toContain(CARD);
    // The webhook that follows finds it done: one enrolment, one mail.
    expect(withGateway.gateway.held.map((e) => e.type)).toEqual(['payment_paid']);
    expect(await withGateway.gateway.deliverHeld()).toEqual([200]);
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
    expect(await paidMails(user.email)).toHaveLength(1);
  });

  it('the webhook enrols when the payer never comes back; the late return then shows it paid', async () => {
    const { user, course, order, payment } = await cardOrder();
    const successUrl = await withGateway.gateway.pay(payment.checkoutUrl);
    const [event] = withGateway.gateway.held;
    expect(await withGateway.gateway.deliverHeld()).toEqual([200]);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
    const { db } = await testDatabase();
    expect(await db.select({ outcome: paymentEvents.outcome }).from(paymentEvents).where(eq(paymentEvents.eventId, event!.id))).toEqual([{ outcome: 'paid' }]);
    expect((await comeBack(successUrl)).search).toBe('?payment=paid');
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
    expect(await paidMails(user.email)).toHaveLength(1);
  });

  it('the return and the webhook at the same moment enrol once and mail once', async () => {
    const { user, course, payment } = await cardOrder();
    const successUrl = await withGateway.gateway.pay(payment.checkoutUrl);
    const [, statuses] = await Promise.all([comeBack(successUrl), withGateway.gateway.deliverHeld()]);
    expect(statuses).toEqual([200]);
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
    expect(await paidMails(user.email)).toHaveLength(1);
  });

  it('a forged, replayed, tampered or out-of-order webhook changes nothing', async () => {
    const { user, course, order, payment } = await cardOrder();
    await withGateway.gateway.pay(payment.checkoutUrl);
    const [event] = withGateway.gateway.held.splice(0);
    // The wrong secret: 401, nothing changes, nothing recorded.
    const forged = await post('/api/payments/moyasar/webhook', { ...event, secret_token: 'guessed' });
    expect(forged.statusCode).toBe(401);
    expect(await post('/api/payments/moyasar/webhook', { ...event, secret_token: undefined })).toMatchObject({ statusCode: 401 });
    expect((await orderRow(order.id)).status).toBe('pending');
    // The right secret (leaked) with a made-up payment: the gateway does not know it.
    expect((await post('/api/payments/moyasar/webhook', { ...event!, id: 'made-up-1', data: { ...event!.data, id: 'pay_made_up' } })).json().data.outcome).toBe('unknown_payment');
    // The event's own claims (amount, status) are never read: a "paid" event for a payment the gateway has as failed.
    const other = await cardOrder();
    await withGateway.gateway.pay(other.payment.checkoutUrl, {}, { authenticate: false });
    const failed = withGateway.gateway.held.splice(0)[0]!;
    const claimed = await post('/api/payments/moyasar/webhook', { ...failed, type: 'payment_paid', data: { ...failed.data, status: 'paid' } });
    expect(claimed.json().data.outcome).toBe('not_paid');
    expect((await orderRow(other.order.id)).status).toBe('pending');
    // The gateway's payment for a different amount than the order (tampered at the gateway): not enrolled.
    const stored = withGateway.gateway.payments.get(event!.data.id)!;
    stored.amount = 100;
    expect((await post('/api/payments/moyasar/webhook', event)).json().data.outcome).toBe('mismatch');
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(0);
    stored.amount = 4950;
    // Delivered for real, then replayed: the replay is recognised and changes nothing.
    const replayedEvent = { ...event!, id: `${event!.id}-again` };
    expect((await post('/api/payments/moyasar/webhook', replayedEvent)).json().data.outcome).toBe('paid');
    expect((await post('/api/payments/moyasar/webhook', replayedEvent)).json().data.outcome).toBe('replayed');
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
    expect(await paidMails(user.email)).toHaveLength(1);
  });

  it('a "paid" event arriving after the payment was refunded at the gateway does not enrol', async () => {
    const { user, course, order, payment } = await cardOrder();
    await withGateway.gateway.pay(payment.checkoutUrl);
    const paidEvent = withGateway.gateway.held.shift()!;
    const refund = await fetch(`${withGateway.gateway.apiUrl}/payments/${paidEvent.data.id}/refund`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${withGateway.gateway.secretKey}:`).toString('base64')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refund.status).toBe(200);
    // Out of order: the refund's event first, then the payment's.
    expect(await withGateway.gateway.deliverHeld()).toEqual([200]);
    expect((await withGateway.gateway.deliver(paidEvent))).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(0);
  });

  it('a declined card or failed 3-D Secure comes back as failed; paying again with another checkout works', async () => {
    const { user, auth, course, order, payment } = await cardOrder();
    // The gateway keeps the payer on its page with the reason; coming back (its back link, or the return) says failed.
    const stay = new URL(await withGateway.gateway.pay(payment.checkoutUrl, { number: '4000000000000002' }));
    expect(stay.origin).toBe(withGateway.gateway.origin);
    expect(stay.searchParams.get('message')).toMatch(/DECLINED/);
    expect((await comeBack(`https://nibras.test/api/payments/moyasar/return?order=${order.id}`)).search).toBe('?payment=failed');
    expect((await orderRow(order.id)).status).toBe('pending');
    // The same order, paid by card again: a new checkout of the same order.
    const again = (await orderBy(auth, course.id, 'card')).json().data;
    expect(again.order.id).toBe(order.id);
    expect(again.payment.checkoutUrl).not.toBe(payment.checkoutUrl);
    expect((await comeBack(await withGateway.gateway.pay(again.payment.checkoutUrl))).search).toBe('?payment=paid');
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
    // Paid: ordering again is refused as before.
    expect((await orderBy(auth, course.id, 'card')).statusCode).toBe(409);
  });

  it('a bank-transfer order can switch to card and back; the spec\'s second order without a method is still 409', async () => {
    const { auth } = await signedIn(suite.app, 'participant');
    const course = await createCourse({ price: 19 });
    const bank = (await orderBy(auth, course.id)).json().data;
    expect(bank.payment.provider).toBe('bank_transfer');
    expect((await orderBy(auth, course.id)).statusCode).toBe(409);
    const card = (await orderBy(auth, course.id, 'card')).json().data;
    expect(card).toMatchObject({ order: { id: bank.order.id, provider: 'card' }, payment: { provider: 'card', amountMinor: 1900 } });
    const viewer = (await post(`/api/course/${course.id}/b`, {}, auth)).json().data.viewer;
    expect(viewer.pendingPayment).toMatchObject({ provider: 'card', checkoutUrl: card.payment.checkoutUrl });
    const back = (await orderBy(auth, course.id, 'bank_transfer')).json().data;
    expect(back).toMatchObject({ order: { id: bank.order.id, provider: 'bank_transfer' }, payment: { provider: 'bank_transfer', reference: bank.order.reference } });
  });

  it('the gateway down: the order waits (503, nothing charged), the return says pending, the webhook asks to be sent again', async () => {
    const { user, auth } = await signedIn(suite.app, 'participant');
    const course = await createCourse({ price: 30 });
    withGateway.gateway.down = true;
    const refused = await orderBy(auth, course.id, 'card');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe('The payment service cannot be reached right now. Nothing was charged; please try again in a few minutes.');
    withGateway.gateway.down = false;
    const { order, payment } = (await orderBy(auth, course.id, 'card')).json().data;
    const successUrl = await withGateway.gateway.pay(payment.checkoutUrl);
    withGateway.gateway.down = true;
    expect((await comeBack(successUrl)).search).toBe('?payment=pending');
    const [event] = withGateway.gateway.held.splice(0);
    expect(await withGateway.gateway.deliver(event!)).toBe(503);
    withGateway.gateway.down = false;
    // Moyasar sends it again: it was not taken as seen.
    expect(await withGateway.gateway.deliver(event!)).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
  });

  it('a return for an order that does not exist is 404; the gateway is only asked with the secret key', async () => {
    expect((await get('/api/payments/moyasar/return?order=99999999')).statusCode).toBe(404);
    const noKey = await fetch(`${withGateway.gateway.apiUrl}/invoices/${[...withGateway.gateway.invoices.keys()][0]}`);
    expect(noKey.status).toBe(401);
  });
});

async function refundMails(email: string) {
  const { db } = await testDatabase();
  return db.select({ subject: mailOutbox.subject, lang: mailOutbox.lang }).from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'order_refunded')));
}

describe('refunds (issue 28, point 4)', () => {
  let admin: Headers;
  beforeAll(async () => {
    admin = (await signedIn(suite.app, 'admin')).auth;
  });
  const refund = (orderId: number, auth: Headers = admin) => post('/api/admin/order/refund', { order_id: orderId }, { ...auth, 'accept-language': 'en' });

  it('an admin refunds a mada card order through the gateway: refunded (never voided), access ends, revenue falls, the participant is mailed in Arabic', async () => {
    const teacher = await signedIn(suite.app, 'instructor');
    const { user, auth, course, order, payment } = await cardOrder(49.5, teacher.user.id);
    await withGateway.gateway.pay(payment.checkoutUrl, { number: '4464040000000007' });
    await withGateway.gateway.deliverHeld();
    expect((await get(`/api/participant/learn/${course.id}`, auth)).statusCode).toBe(200);
    const revenueBefore = (await get('/api/instructor/dashboard', teacher.auth)).json().data.revenue;
    expect(revenueBefore).toMatchObject({ total_minor: 4950, paid_orders: 1 });
    const gatewayPayment = withGateway.gateway.payments.get((await orderRow(order.id)).gatewayPaymentId!)!;
    expect(gatewayPayment.source.company).toBe('mada');

    const res = await refund(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "The order was refunded; the participant's access to the course has ended.", data: { status: 'refunded', provider: 'card' } });
    expect(res.json().data.refundedAt).toEqual(expect.any(String));
    expect(withGateway.gateway.payments.get(gatewayPayment.id)).toMatchObject({ status: 'refunded', refunded: 4950, voided_at: null });
    expect(withGateway.gateway.calls.filter((c) => c.endsWith('/void'))).toEqual([]);
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(0);
    expect((await get(`/api/participant/learn/${course.id}`, auth)).statusCode).toBe(403);
    expect((await get('/api/instructor/dashboard', teacher.auth)).json().data.revenue).toMatchObject({ total_minor: 0, paid_orders: 0 });
    const mails = await refundMails(user.email);
    expect(mails).toEqual([{ subject: `استُرد مبلغ طلبك: ${course.title}`, lang: 'ar' }]);
    // The gateway's own refund webhook then finds it done; a second refund is refused.
    expect(withGateway.gateway.held.map((e) => e.type)).toEqual(['payment_refunded']);
    expect(await withGateway.gateway.deliverHeld()).toEqual([200]);
    expect(await refundMails(user.email)).toHaveLength(1);
    expect((await refund(order.id)).statusCode).toBe(409);
    // The course may be bought again.
    expect((await orderBy(auth, course.id, 'card')).statusCode).toBe(200);
  });

  it('a bank transfer is marked refunded without the gateway; free and pending orders cannot be refunded; only admins refund', async () => {
    const { user, auth } = await signedIn(suite.app, 'participant');
    const course = await createCourse({ price: 19 });
    const placed = (await orderBy(auth, course.id)).json().data.order;
    expect((await refund(placed.id)).statusCode).toBe(409);
    expect((await post('/api/admin/order/confirm', { order_id: placed.id }, admin)).statusCode).toBe(200);
    expect((await refund(placed.id, auth)).statusCode).toBe(403);
    const calls = withGateway.gateway.calls.length;
    const res = await refund(placed.id);
    expect(res.json().data).toMatchObject({ status: 'refunded', provider: 'bank_transfer' });
    expect(withGateway.gateway.calls.length).toBe(calls);
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(0);
    expect(await refundMails(user.email)).toHaveLength(1);
    const free = await createCourse({ price: 0 });
    const freeOrder = (await orderBy(auth, free.id)).json().data.order;
    expect((await refund(freeOrder.id)).json()).toMatchObject({ message: 'Only a paid order with an amount can be refunded.' });
    expect((await refund(99_999_999)).statusCode).toBe(404);
  });

  it("a refund made at the gateway's dashboard reaches the order by webhook; the gateway down refunds nothing", async () => {
    const { user, course, order, payment } = await cardOrder();
    await withGateway.gateway.pay(payment.checkoutUrl);
    await withGateway.gateway.deliverHeld();
    withGateway.gateway.down = true;
    const refused = await refund(order.id);
    expect(refused.statusCode).toBe(503);
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(1);
    withGateway.gateway.down = false;
    const paymentId = (await orderRow(order.id)).gatewayPaymentId!;
    const atDashboard = await fetch(`${withGateway.gateway.apiUrl}/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${withGateway.gateway.secretKey}:`).toString('base64')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(atDashboard.status).toBe(200);
    expect(await withGateway.gateway.deliverHeld()).toEqual([200]);
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refundedBy: null });
    expect(await enrolmentsOf(user.id, course.id)).toHaveLength(0);
    expect(await refundMails(user.email)).toHaveLength(1);
  });
});

