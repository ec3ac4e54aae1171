import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { invoiceRoutes } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import { translate } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { adminInvoicePdf, adminInvoices, CSV_COLUMNS, invoicesCsv, participantInvoicePdf } from './invoices.service';

function sendPdf(reply: FastifyReply, { number, pdf }: { number: string; pdf: Buffer }) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="nibras-invoice-${number}.pdf"`,
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      // The buyer's name and email are in it: shared caches keep nothing.
      'cache-control': 'private, no-store',
    })
    .send(pdf);
}

export function invoicesModule(app: FastifyInstance, ctx: AppContext) {
  const r = invoiceRoutes;
  addRoute(app, ctx, r.participantPdf, async ({ user, params, reply }) => sendPdf(reply, await participantInvoicePdf(ctx, user, params.id)));
  addRoute(app, ctx, r.adminPdf, async ({ params, reply }) => sendPdf(reply, await adminInvoicePdf(ctx, params.id)));
  addRoute(app, ctx, r.adminList, async ({ query }) => ({ data: await adminInvoices(ctx, query) }));
  addRoute(app, ctx, r.adminExport, async ({ query, request, reply }) => {
    const header = CSV_COLUMNS.map((k) => translate(request.lang, `invoices.csv.${k}`));
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="nibras-invoices.csv"',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      })
      .send(Readable.from(invoicesCsv(ctx, query.search, header)));
  });
}
