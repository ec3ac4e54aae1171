import { z } from 'zod';
import { numeric } from './numbers';
import { currencyCode, minorUnits } from './money-fields';
import { envelope, idParam, listData, PER_PAGE_MAX } from './envelope';
import type { RouteDef } from './route-def';

/**
 * Tax invoices (docs/payments.md, "Invoices"): one for every paid order above zero, numbered without
 * gaps, with the ZATCA simplified-invoice QR code. The participant downloads their own; the admin
 * lists and exports them all.
 */

/** How an invoice's number is printed: INV- and at least six digits (INV-000123; INV-1234567 past a million). */
export function invoiceNumberText(sequence: number): string {
  return `INV-${String(sequence).padStart(6, '0')}`;
}

/** On a participant's order: its invoice, or null (not paid yet, or free). */
export const invoiceLink = z.object({ number: z.string().describe('The invoice number, e.g. INV-000123') });
export type InvoiceLink = z.infer<typeof invoiceLink>;

export const invoiceSummary = z.object({
  id: z.number().int(),
  number: z.string().describe('INV-000123'),
  sequence: z.number().int().describe('The number in the sequence 1, 2, 3… (no gaps)'),
  orderId: z.number().int(),
  issuedAt: z.string(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  courseTitle: z.string(),
  netMinor: minorUnits,
  vatMinor: minorUnits,
  totalMinor: minorUnits.describe('What was paid: netMinor + vatMinor'),
  vatRate: z.number().describe('The VAT rate in percent, e.g. 15'),
  currency: currencyCode,
  net: z.number().describe('netMinor in major units, for reading only'),
  vat: z.number().describe('vatMinor in major units, for reading only'),
  total: z.number().describe('totalMinor in major units, for reading only'),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

const invoiceSearch = z.string().trim().max(200).optional().describe('Part of the number (INV-000123 or 123), the buyer\'s name or email');

export const adminInvoiceListQuery = z.strictObject({
  page: numeric(z.number().int().min(1).max(1_000_000)).default(1),
  perPage: numeric(z.number().int().min(1).max(PER_PAGE_MAX)).optional(),
  search: invoiceSearch,
});
export const adminInvoiceExportQuery = z.strictObject({ search: invoiceSearch });

export const invoiceRoutes = {
  participantPdf: {
    method: 'GET', path: '/api/participant/order/:id/invoice/pdf', access: 'participant', errors: [404], tags: ['invoices'],
    summary:
      "The tax invoice of the participant's own paid order as a PDF (Arabic and English, with the ZATCA QR code); 404 when the order is another's, unpaid or free",
    params: idParam, file: { types: ['application/pdf'], ranges: false },
  },
  adminList: {
    method: 'GET', path: '/api/admin/invoice/list', access: 'admin', tags: ['invoices'],
    summary: 'Every tax invoice, newest (highest number) first, searchable by number or buyer', query: adminInvoiceListQuery,
    response: envelope(listData(invoiceSummary)),
  },
  adminPdf: {
    method: 'GET', path: '/api/admin/invoice/:id/pdf', access: 'admin', errors: [404], tags: ['invoices'],
    summary: 'One tax invoice (by its id) as a PDF', params: idParam, file: { types: ['application/pdf'], ranges: false },
  },
  adminExport: {
    method: 'GET', path: '/api/admin/invoice/export', access: 'admin', tags: ['invoices'],
    summary:
      'The invoices as CSV in number order (UTF-8 with a byte order mark; streamed): number, date, buyer, email, course, net, VAT, total, currency, money as exact decimals (49.50); `search` as in the list',
    query: adminInvoiceExportQuery, file: { types: ['text/csv'], ranges: false },
  },
} satisfies Record<string, RouteDef>;
