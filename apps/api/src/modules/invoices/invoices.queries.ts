import { and, asc, count, desc, eq, gt, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

// An invoice is written by db/invoice-issue.ts, in the transaction that pays its order; this module reads them.

const invoiceColumns = {
  id: invoices.id,
  sequence: invoices.number,
  orderId: invoices.orderId,
  issuedAt: invoices.issuedAt,
  sellerName: invoices.sellerName,
  sellerVatNumber: invoices.sellerVatNumber,
  vatBasisPoints: invoices.vatBasisPoints,
  netMinor: invoices.netMinor,
  vatMinor: invoices.vatMinor,
  totalMinor: invoices.totalMinor,
  currency: invoices.currency,
  buyerName: invoices.buyerName,
  buyerEmail: invoices.buyerEmail,
  courseTitle: invoices.courseTitle,
  orderReference: orders.reference,
};
export type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

/** "INV-000123", "inv-123" or "123" is that number; any text also matches the buyer's name or email. */
function searchWhere(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const like = containsPattern(text);
  const parts: SQL[] = [ilike(invoices.buyerName, like), ilike(invoices.buyerEmail, like)];
  const number = /^(?:inv-?)?0*(\d{1,9})$/i.exec(text);
  if (number) parts.push(eq(invoices.number, Number(number[1])));
  return or(...parts);
}

const base = (db: Db) => db.select(invoiceColumns).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId));

export async function listInvoices(db: Db, search: string | undefined, page: number, perPage: number) {
  const where = searchWhere(search);
  const [rows, [total]] = await Promise.all([
    base(db).where(where).orderBy(desc(invoices.number)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A batch of the export, in number order after `afterNumber` (keyset: the export reads every invoice once however many there are). */
export function invoiceBatch(db: Db, search: string | undefined, afterNumber: number, limit: number) {
  return base(db)
    .where(and(gt(invoices.number, afterNumber), searchWhere(search)))
    .orderBy(asc(invoices.number))
    .limit(limit);
}

export async function findInvoice(db: Db, id: number) {
  const [row] = await base(db).where(eq(invoices.id, id));
  return row;
}

/** The invoice of an order, only when the order is the participant's own. */
export async function findParticipantInvoice(db: Db, orderId: number, participantId: number) {
  const [row] = await base(db).where(and(eq(invoices.orderId, orderId), eq(orders.participantId, participantId)));
  return row;
}

/** The invoice numbers of these orders (those that have one). */
export async function invoiceNumbersOf(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select({ orderId: invoices.orderId, sequence: invoices.number }).from(invoices).where(inArray(invoices.orderId, orderIds));
}
