import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { courses, enrollments, mailOutbox, orders, paymentEvents, users } from '../../db/schema';
import type { NewMail } from '../mail/mail.service';
import { containsPattern } from '../../lib/like-pattern';
import { issueInvoice } from '../../db/invoice-issue';
import type { InvoiceSettings } from '../../config';

const orderColumns = {
  id: orders.id,
  amountMinor: orders.amountMinor,
  currency: orders.currency,
  provider: orders.provider,
  status: orders.status,
  reference: orders.reference,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  gatewayCheckoutId: orders.gatewayCheckoutId,
  gatewayCheckoutUrl: orders.gatewayCheckoutUrl,
  gatewayPaymentId: orders.gatewayPaymentId,
  refundedAt: orders.refundedAt,
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
  status?: 'pending' | 'paid' | 'cancelled' | 'refunded';
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

/** The participant's order of a course that is not cancelled (one at most: orders_one_live_per_course). */
export interface LiveOrder {
  id: number;
  status: 'pending' | 'paid';
  provider: 'free' | 'bank_transfer' | 'card';
  reference: string;
  amountMinor: number;
  currency: string;
  checkoutUrl: string | null;
  createdAt: string;
}

/** The order's statement (orderContext). */
function prepareOrderContext(db: Db) {
  const courseId = sql.placeholder('courseId');
  const participantId = sql.placeholder('participantId');
  const statement = sql`(
    select
      (select json_build_object('id', c.id, 'title', c.title, 'priceMinor', c.price_minor, 'instructorId', c.instructor_id,
          'ownerEmail', (select u.email from ${users} u where u.id = c.instructor_id))
        from ${courses} c
        where c.id = ${courseId} and c.approve_status = 'approved' and c.deleted_at is null) as course,
      exists (select 1 from ${enrollments} e where e.participant_id = ${participantId} and e.course_id = ${courseId}) as enrolled,
      (select json_build_object('id', o.id, 'status', o.status, 'provider', o.provider, 'reference', o.reference, 'amountMinor', o.amount_minor,
          'currency', o.currency, 'checkoutUrl', o.gateway_checkout_url, 'createdAt', o.created_at)
        from ${orders} o where o.participant_id = ${participantId} and o.course_id = ${courseId} and o.status not in ('cancelled', 'refunded')) as live,
      (select json_build_object('lang', p.lang, 'mailOptOuts', p.mail_opt_outs) from ${users} p where p.id = ${participantId}) as participant
  ) as context`;
  return db
    .select({
      course: sql<{ id: number; title: string; priceMinor: number; instructorId: number; ownerEmail: string } | null>`context.course`,
      enrolled: sql<boolean>`context.enrolled`,
      live: sql<LiveOrder | null>`context.live`,
      participant: sql<{ lang: 'ar' | 'en'; mailOptOuts: string[] } | null>`context.participant`,
    })
    .from(statement)
    .prepare('order_context');
}
const orderContextStatement = preparedPerDatabase(prepareOrderContext);

/**
 * What ordering a course is checked against, in one prepared statement: the course if it is public
 * (approved and not deleted, as isPublicCourse) with its instructor's email, whether the participant
 * already holds an enrolment or a live order of it (three round trips before, one after the other, and
 * the order read back after it was placed), and the participant's mail language and opt-outs (what the
 * order's mail needs: findRecipient's read, saved).
 */
export async function orderContext(db: Db, participantId: number, courseId: number) {
  const [row] = await orderContextStatement(db).execute({ participantId, courseId });
  return row!;
}

/** The placing statement (insertOrder). Every parameter is cast: PostgreSQL cannot infer a type for a parameter in a select list. */
function preparePlaceOrder(db: Db) {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const placed = db.$with('placed', { id: sql<number>`id`.mapWith(orders.id).as('id'), createdAt: sql<Date>`created_at`.mapWith(orders.createdAt).as('created_at') }).as(sql`
    insert into ${orders} (participant_id, course_id, amount_minor, currency, provider, status, reference, paid_at)
    values (${p('participantId', 'int')}, ${p('courseId', 'int')}, ${p('amountMinor', 'int')}, ${p('currency', 'text')}, ${p('provider', 'text')}, ${p('status', 'text')}, ${p('reference', 'text')}, ${p('paidAt', 'timestamptz')})
    returning id, created_at`);
  const enrolled = db.$with('enrolled', {}).as(sql`
    insert into ${enrollments} (participant_id, course_id, order_id)
    select ${p('participantId', 'int')}, ${p('courseId', 'int')}, placed.id from placed where ${p('enrol', 'boolean')}`);
  const mailed = db.$with('mailed', {}).as(sql`
    insert into ${mailOutbox} (message_id, kind, to_address, lang, subject, text_body, html_body)
    select ${p('messageId', 'text')}, ${p('kind', 'text')}, ${p('toAddress', 'text')}, ${p('lang', 'text')}, ${p('subject', 'text')}, ${p('textBody', 'text')}, ${p('htmlBody', 'text')}
    from placed where ${p('mail', 'boolean')}`);
  return db.with(placed, enrolled, mailed).select({ id: placed.id, createdAt: placed.createdAt }).from(placed).prepare('order_place');
}
const placeOrderStatement = preparedPerDatabase(preparePlaceOrder);

/**
 * The order, for a free course its enrolment, and the participant's mail about it (when there is one) in
 * one prepared statement, atomic like a transaction: one round trip and one commit for all three (three
 * statements and two commits before; issue 26, point 5), and the mail is queued exactly when the order is
 * (a transactional outbox). The enrolment's trigger adds a delta to the course's counter (migration
 * 0013), which no other enrolment waits for. Returns the order's id and time.
 */
export async function insertOrder(
  db: Db,
  values: { participantId: number; courseId: number; amountMinor: number; currency: string; provider: 'free' | 'bank_transfer' | 'card'; status: 'paid' | 'pending'; reference: string; paidAt: Date | null },
  enrol: boolean,
  mail: NewMail | null,
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await placeOrderStatement(db).execute({
    ...values,
    enrol,
    mail: mail !== null,
    messageId: mail?.messageId ?? null,
    kind: mail?.kind ?? null,
    toAddress: mail?.toAddress ?? null,
    lang: mail?.lang ?? null,
    subject: mail?.subject ?? null,
    textBody: mail?.textBody ?? null,
    htmlBody: mail?.htmlBody ?? null,
  });
  return row!;
}

/**
 * Paid, enrolled and invoiced (above zero) in one transaction: a bank transfer an admin confirmed
 * (`confirmedBy`), or a card order the gateway's payment paid (`gatewayPaymentId`). False when the order
 * was no longer pending (confirmed, cancelled, or paid by the return and the webhook racing: the other one
 * enrolled).
 */
export async function markPaidAndEnrol(
  db: Db,
  order: { id: number; participantId: number; courseId: number },
  paidBy: { confirmedBy: number } | { gatewayPaymentId: string },
  invoice: InvoiceSettings,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), ...paidBy, ...('gatewayPaymentId' in paidBy ? { provider: 'card' as const } : {}) })
      .where(sql`${orders.id} = ${order.id} and ${orders.status} = 'pending'`)
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    await tx.insert(enrollments).values({ participantId: order.participantId, courseId: order.courseId, orderId: order.id }).onConflictDoNothing();
    // Its tax invoice, numbered in this transaction (none for an amount of 0): docs/payments.md, "Invoices".
    await issueInvoice(tx, order.id, invoice);
    return true;
  });
}

/** False when the order was no longer pending (confirmed or cancelled meanwhile). */
export async function markCancelled(db: Db, id: number): Promise<boolean> {
  const updated = await db.update(orders).set({ status: 'cancelled' }).where(sql`${orders.id} = ${id} and ${orders.status} = 'pending'`).returning({ id: orders.id });
  return updated.length > 0;
}

/** A pending order's way of paying changes (the participant chose again); false when it is no longer pending. */
export async function setPaymentMethod(
  db: Db,
  id: number,
  values: { provider: 'bank_transfer' | 'card'; gatewayCheckoutId?: string; gatewayCheckoutUrl?: string },
): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set(values)
    .where(sql`${orders.id} = ${id} and ${orders.status} = 'pending'`)
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** The order a gateway checkout was made for. */
export async function findOrderByCheckout(db: Db, checkoutId: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .innerJoin(users, eq(users.id, orders.participantId))
    .where(eq(orders.gatewayCheckoutId, checkoutId));
  return row;
}

export async function paymentEventSeen(db: Db, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
    .limit(1);
  return row !== undefined;
}

/** Records a webhook that was acted on; a second delivery of the same event (a race) is kept once. */
export async function recordPaymentEvent(db: Db, event: { provider: string; eventId: string; type: string; paymentId: string; orderId: number | null; outcome: string }) {
  await db.insert(paymentEvents).values(event).onConflictDoNothing();
}

/**
 * A paid order refunded and its enrolment ended, in one transaction (the course's enrolment counter
 * follows by trigger); false when it was no longer paid (refunded meanwhile). Progress rows stay, so a
 * participant who buys the course again finds their place.
 */
export async function markRefundedAndUnenrol(db: Db, order: { id: number; participantId: number; courseId: number }, refundedBy: number | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ status: 'refunded', refundedAt: new Date(), refundedBy })
      .where(sql`${orders.id} = ${order.id} and ${orders.status} = 'paid'`)
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    await tx.delete(enrollments).where(and(eq(enrollments.participantId, order.participantId), eq(enrollments.courseId, order.courseId)));
    return true;
  });
}
