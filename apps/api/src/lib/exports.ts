import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';

/**
 * Exports as CSV and XLSX (docs/decisions/030): rows come from an async generator, a chunk of the database at a time,
 * and leave as they come, so the server's memory does not grow with the rows.
 */

export type ExportCell = string | number | null;
export type ExportFormat = 'csv' | 'xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell a spreadsheet would run as a formula (= + - @, or a tab or return before one) gets a leading apostrophe. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text: UTF-8 with a byte order mark (spreadsheets then read Arabic), formula-like cells defused, CRLF; about 64 KB a piece. */
export async function* csvLines(rows: AsyncIterable<ExportCell[]>): AsyncGenerator<string> {
  let batch = '\uFEFF';
  for await (const row of rows) {
    batch += `${row.map((v) => csvCell(v === null ? '' : String(v))).join(',')}\r\n`;
    if (batch.length > 64_000) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

/**
 * The rows into an XLSX file as they come (ExcelJS's streaming writer: each row is written out once committed, shared
 * strings off, so memory does not grow with the rows); values only, never formulas; the sheet right to left in Arabic.
 */
export function xlsxStream(rows: AsyncIterable<ExportCell[]>, lang: string, sheetName: string): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet 1', { views: [{ rightToLeft: lang === 'ar' }] });
  (async () => {
    let written = 0;
    for await (const row of rows) {
      sheet.addRow(row.map((v) => v ?? '')).commit();
      // The writer does not wait for the download: every 500 rows, wait while what it wrote is still unread.
      written += 1;
      if (written % 500 === 0 && out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/**
 * Answers an export: the first row (the header) is made before anything is sent, so a refusal found while making it
 * (403, 404) is still the error envelope; then the file, streamed, as an attachment that no cache keeps.
 */
export async function sendExport(reply: FastifyReply, opts: { format: ExportFormat; filename: string; lang: string; sheet: string; rows: AsyncGenerator<ExportCell[]> }) {
  const first = await opts.rows.next();
  const rows = opts.rows;
  const all = (async function* () {
    if (!first.done) yield first.value;
    yield* rows;
  })();
  reply.headers({ 'content-disposition': `attachment; filename="${opts.filename}.${opts.format}"`, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  if (opts.format === 'xlsx') return reply.header('content-type', XLSX_MIME).send(xlsxStream(all, opts.lang, opts.sheet));
  return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(csvLines(all)));
}
