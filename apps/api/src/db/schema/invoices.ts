import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './learning';

/**
 * A tax invoice for a paid order above zero (docs/payments.md, "Invoices"): one per order, numbered
 * 1, 2, 3… without gaps (`invoice_counter`), issued in the transaction that turns the order paid.
 * It keeps what it says when issued (the seller, the VAT, the buyer, the course): later changes to
 * the settings, the account or the course do not rewrite it. Never deleted (orders are kept too).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** The invoice's number in the sequence: printed as INV-000123. */
    number: integer('number').notNull(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'restrict' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    sellerName: text('seller_name').notNull(),
    sellerVatNumber: text('seller_vat_number').notNull(),
    /** The VAT rate in basis points (1,500 = 15 %). */
    vatBasisPoints: integer('vat_basis_points').notNull(),
    /** Minor units of `currency`: net + vat = total. */
    netMinor: integer('net_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    currency: text('currency').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    courseTitle: text('course_title').notNull(),
  },
  (t) => [
    // The list's order too: newest (highest number) first.
    uniqueIndex('invoices_number_unique').on(t.number),
    uniqueIndex('invoices_order_unique').on(t.orderId),
    check('invoices_adds_up', sql`${t.netMinor} >= 0 and ${t.vatMinor} >= 0 and ${t.netMinor} + ${t.vatMinor} = ${t.totalMinor}`),
  ],
);

/**
 * The next invoice number: one row, taken with `update … set next = next + 1 returning` inside the
 * transaction that pays the order. The row stays locked until that transaction ends, so concurrent
 * payments take turns, and a payment that rolls back gives its number back (a sequence would not).
 */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: integer('id').primaryKey().default(1),
    next: integer('next').notNull().default(1),
  },
  (t) => [check('invoice_counter_one_row', sql`${t.id} = 1`)],
);
