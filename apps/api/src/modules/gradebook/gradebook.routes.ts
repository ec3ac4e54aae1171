import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { gradebookRoutesByRole, XLSX_TYPE } from '@nibras/contract';
import { addRoute } from '../../plugins/route';
import { translate } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { csvCell } from '../outreach/outreach.service';
import { gradebookExportRows, readGradebook, saveGradebookSettings, type ExportCell } from './gradebook.service';

/** CSV lines: UTF-8 with a byte order mark (spreadsheets then read Arabic), formula-like cells defused, CRLF. */
async function* csvLines(rows: AsyncGenerator<ExportCell[]>): AsyncGenerator<string> {
  let first = true;
  let batch = '';
  for await (const row of rows) {
    batch += `${first ? '\uFEFF' : ''}${row.map((v) => csvCell(v === null ? '' : String(v))).join(',')}\r\n`;
    first = false;
    if (batch.length > 64_000) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

/**
 * The rows into an XLSX file as they come (ExcelJS's streaming writer: each row is written out once committed, the
 * shared strings off, so memory does not grow with the rows); a sheet right to left in Arabic.
 */
function xlsxStream(rows: AsyncGenerator<ExportCell[]>, lang: string, sheetName: string): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || 'Gradebook', { views: [{ rightToLeft: lang === 'ar' }] });
  (async () => {
    for await (const row of rows) sheet.addRow(row.map((v) => v ?? '')).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A course's gradebook (docs/gradebook.md): the instructor's own courses, an admin's every course. */
export function gradebookModule(app: FastifyInstance, ctx: AppContext) {
  for (const r of Object.values(gradebookRoutesByRole)) {
    addRoute(app, ctx, r.read, async ({ user, params, query }) => ({ data: await readGradebook(ctx, user, params.id, query) }));
    addRoute(app, ctx, r.settings, async ({ user, body }) => ({ message: 'api.gradebook.saved', data: await saveGradebookSettings(ctx, user, body) }));
    addRoute(app, ctx, r.export, async ({ user, params, query, request, reply }) => {
      const rows = gradebookExportRows(ctx, user, params.id, query, (key) => translate(request.lang, key));
      // The first row (the header) is read before answering: a refusal (403, 404) is still the error envelope.
      const first = await rows.next();
      const all = (async function* () {
        if (!first.done) yield first.value;
        yield* rows;
      })();
      const name = `nibras-gradebook-${params.id}.${query.format}`;
      reply.headers({ 'content-disposition': `attachment; filename="${name}"`, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
      if (query.format === 'xlsx') return reply.header('content-type', XLSX_TYPE).send(xlsxStream(all, request.lang, translate(request.lang, 'api.gradebook.export.sheet')));
      return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(csvLines(all)));
    });
  }
}
