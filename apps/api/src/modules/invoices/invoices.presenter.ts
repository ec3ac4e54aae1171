import { fromMinor, invoiceNumberText, minorText, type InvoiceSummary } from '@nibras/contract';
import type { InvoiceInput } from '../../lib/invoice-pdf';
import type { InvoiceRow } from './invoices.queries';

export function presentInvoice(r: InvoiceRow): InvoiceSummary {
  return {
    id: r.id,
    number: invoiceNumberText(r.sequence),
    sequence: r.sequence,
    orderId: r.orderId,
    issuedAt: r.issuedAt.toISOString(),
    buyer: { name: r.buyerName, email: r.buyerEmail },
    courseTitle: r.courseTitle,
    netMinor: r.netMinor,
    vatMinor: r.vatMinor,
    totalMinor: r.totalMinor,
    vatRate: r.vatBasisPoints / 100,
    currency: r.currency,
    net: fromMinor(r.netMinor, r.currency),
    vat: fromMinor(r.vatMinor, r.currency),
    total: fromMinor(r.totalMinor, r.currency),
  };
}

/** What the PDF prints: the invoice's own copy. */
export function invoicePdfInput(r: InvoiceRow): InvoiceInput {
  return { ...r };
}

/** The export's columns, in order (their headings are translated: invoices.csv.*). */
export const CSV_COLUMNS = ['number', 'date', 'buyer', 'email', 'course', 'net', 'vat', 'total', 'currency'] as const;

/** One CSV row's values: money as exact decimals written from the integers (49.50), the date in ISO 8601 (UTC). */
export function invoiceCsvValues(r: InvoiceRow): string[] {
  return [
    invoiceNumberText(r.sequence),
    r.issuedAt.toISOString(),
    r.buyerName,
    r.buyerEmail,
    r.courseTitle,
    minorText(r.netMinor, r.currency),
    minorText(r.vatMinor, r.currency),
    minorText(r.totalMinor, r.currency),
    r.currency,
  ];
}
