import { invoiceNumberText, PER_PAGE_DEFAULT, type InvoiceLink } from '@nibras/contract';
import { AppError } from '../../lib/app-error';
import { renderInvoicePdf } from '../../lib/invoice-pdf';
import type { AppContext } from '../../context';
import type { RequestUser } from '../../plugins/auth';
import { csvCell } from '../../lib/exports';
import { CSV_COLUMNS, invoiceCsvValues, invoicePdfInput, presentInvoice } from './invoices.presenter';
import { findInvoice, findParticipantInvoice, invoiceBatch, invoiceNumbersOf, listInvoices, type InvoiceRow } from './invoices.queries';

const notFound = () => new AppError('api.invoice.not_found', 404);

async function pdfOf(row: InvoiceRow) {
  return { number: invoiceNumberText(row.sequence), pdf: await renderInvoicePdf(invoicePdfInput(row)) };
}

/** The participant's own order's invoice; another's order, an unpaid or a free one: 404 alike (nothing tells them apart). */
export async function participantInvoicePdf(ctx: AppContext, user: RequestUser, orderId: number) {
  const row = await findParticipantInvoice(ctx.db, orderId, user.id);
  if (!row) throw notFound();
  return pdfOf(row);
}

export async function adminInvoicePdf(ctx: AppContext, id: number) {
  const row = await findInvoice(ctx.db, id);
  if (!row) throw notFound();
  return pdfOf(row);
}

export async function adminInvoices(ctx: AppContext, query: { page: number; perPage?: number | undefined; search?: string | undefined }) {
  const perPage = query.perPage ?? PER_PAGE_DEFAULT;
  const { rows, total } = await listInvoices(ctx.db, query.search, query.page, perPage);
  return { items: rows.map(presentInvoice), page: query.page, perPage, total };
}

/** For the participant's order list (orders.service): each order's invoice number, or null. */
export async function invoiceLinks(ctx: AppContext, orderIds: number[]): Promise<Map<number, InvoiceLink>> {
  const rows = await invoiceNumbersOf(ctx.db, orderIds);
  return new Map(rows.map((r) => [r.orderId, { number: invoiceNumberText(r.sequence) }]));
}

const CSV_BATCH = 500;

/**
 * The export, line by line (a header in the reader's language, then the invoices in number order),
 * read in keyset batches as the response is sent: memory stays flat however many invoices there are.
 * UTF-8 with a byte order mark, so spreadsheets read Arabic; formula-like cells defused (csvCell).
 */
export async function* invoicesCsv(ctx: AppContext, search: string | undefined, header: readonly string[]): AsyncGenerator<string> {
  yield `\uFEFF${header.map(csvCell).join(',')}\r\n`;
  let after = 0;
  for (;;) {
    const rows = await invoiceBatch(ctx.db, search, after, CSV_BATCH);
    if (rows.length > 0) yield rows.map((r) => `${invoiceCsvValues(r).map(csvCell).join(',')}\r\n`).join('');
    if (rows.length < CSV_BATCH) return;
    after = rows[rows.length - 1]!.sequence;
  }
}

export { CSV_COLUMNS };
