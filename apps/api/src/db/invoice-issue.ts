import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { courses, invoiceCounter, invoices, orders, users } from './schema';
import type { InvoiceSettings } from '../config';
import { quote } from '../lib/money';

/**
 * The tax invoice of a paid order (docs/payments.md, "Invoices"), written inside the transaction that
 * turned the order paid (orders' markPaidAndEnrol, for a confirmed transfer and a card payment alike): here in db/ because the
 * orders module calls it and the invoices module reads what it wrote, and a module's queries are its own.
 *
 * A free order (amount 0) gets none. The number comes from the one-row counter, incremented in this
 * same transaction: the row stays locked until the payment commits, so concurrent payments take
 * consecutive numbers in turn, and a payment that rolls back returns its number (no gap, no
 * duplicate; a sequence would leave a gap). The invoice keeps its own copy of everything it says.
 *
 * The order's amount is what the participant paid, so it is the invoice's total and the VAT is the
 * part of it that is tax, whatever PRICES_INCLUDE_VAT says (that setting decides how a course's price
 * becomes the amount charged, before payment).
 */
export async function issueInvoice(tx: Db, orderId: number, settings: InvoiceSettings): Promise<{ number: number } | null> {
  const [order] = await tx
    .select({
      status: orders.status,
      amountMinor: orders.amountMinor,
      currency: orders.currency,
      paidAt: orders.paidAt,
      buyerName: users.name,
      buyerEmail: users.email,
      courseTitle: courses.title,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.participantId))
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .where(eq(orders.id, orderId));
  if (!order || order.status !== 'paid' || order.amountMinor <= 0) return null;
  const { netMinor, vatMinor, totalMinor } = quote(order.amountMinor, null, { basisPoints: settings.vatBasisPoints, pricesIncludeVat: true });
  const [taken] = await tx
    .update(invoiceCounter)
    .set({ next: sql`${invoiceCounter.next} + 1` })
    .where(eq(invoiceCounter.id, 1))
    .returning({ number: sql<number>`${invoiceCounter.next} - 1`.mapWith(Number) });
  if (!taken) throw new Error('invoice_counter has no row (migration 0021 adds it)');
  await tx.insert(invoices).values({
    number: taken.number,
    orderId,
    issuedAt: order.paidAt ?? new Date(),
    sellerName: settings.sellerName,
    sellerVatNumber: settings.sellerVatNumber,
    vatBasisPoints: settings.vatBasisPoints,
    netMinor,
    vatMinor,
    totalMinor,
    currency: order.currency,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    courseTitle: order.courseTitle,
  });
  return { number: taken.number };
}
