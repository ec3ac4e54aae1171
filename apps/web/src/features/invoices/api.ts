import { invoiceRoutes } from '@nibras/contract';
import { fetchFile, type ResponseData } from '../../lib/http';
import { routeQuery } from '../../lib/query';

export type InvoicePage = ResponseData<typeof invoiceRoutes.adminList>;
export type Invoice = InvoicePage['items'][number];

export const invoiceKeys = { all: ['invoices'] as const, admin: ['invoices', 'admin'] as const };

export const invoiceQueries = {
  admin: (page: number, search: string) =>
    routeQuery([...invoiceKeys.admin, page, search], invoiceRoutes.adminList, { query: { page, ...(search ? { search } : {}) } }),
};

/** The participant's own order's tax invoice (PDF). */
export function downloadOrderInvoice(orderId: number) {
  return fetchFile(invoiceRoutes.participantPdf, { params: { id: orderId } });
}

/** One invoice (PDF), for the admin. */
export function downloadInvoice(id: number) {
  return fetchFile(invoiceRoutes.adminPdf, { params: { id } });
}

/** The invoices as CSV, the list's search applied. */
export function exportInvoices(search: string) {
  return fetchFile(invoiceRoutes.adminExport, { query: search ? { search } : {} });
}
