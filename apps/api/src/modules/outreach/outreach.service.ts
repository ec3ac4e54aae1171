import { sanitizePlainText } from '../../lib/sanitize';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { SUBSCRIBER_EXPORTS } from '@nibras/contract';
import {
  addSubscriber,
  contactMessagePage,
  deleteContactMessage,
  deleteSubscriber,
  insertContactMessage,
  setContactMessageRead,
  subscriberBatch,
  subscriberPage,
} from './outreach.queries';
import { presentContactMessage } from './outreach.presenter';

const PER_PAGE = 10;

/** The same answer whether or not the email was there before: the form reveals nothing. */
export async function subscribe(ctx: AppContext, email: string) {
  await addSubscriber(ctx.db, email.trim());
}

export async function sendContactMessage(ctx: AppContext, body: { name: string; email: string; subject: string; message: string }) {
  const id = await insertContactMessage(ctx.db, {
    name: sanitizePlainText(body.name),
    email: body.email.trim(),
    subject: sanitizePlainText(body.subject),
    message: sanitizePlainText(body.message),
  });
  return { id };
}

export async function listSubscribers(ctx: AppContext, page: number, body: { search?: string | undefined; perPage?: number | undefined }) {
  const perPage = body.perPage ?? PER_PAGE;
  const { rows, total } = await subscriberPage(ctx.db, body.search, perPage, (page - 1) * perPage);
  return { items: rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() })), page, perPage, total };
}

export async function listContactMessages(ctx: AppContext, page: number, body: { search?: string | undefined; perPage?: number | undefined }) {
  const perPage = body.perPage ?? PER_PAGE;
  const { rows, total } = await contactMessagePage(ctx.db, body.search, perPage, (page - 1) * perPage);
  return {
    items: rows.map(presentContactMessage),
    page,
    perPage,
    total,
  };
}

export async function removeSubscriber(ctx: AppContext, id: number) {
  if (!(await deleteSubscriber(ctx.db, id))) throw new AppError('api.subscribers.not_found', 404);
}

/** A cell a spreadsheet would run as a formula (= + - @, or a tab or return before one) gets a leading apostrophe. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV_BATCH = 1000;

/**
 * GET /api/admin/download/status/{id}: id 1 (SUBSCRIBER_EXPORTS.all) is every subscriber; other
 * ids select nothing and answer 404. UTF-8 with a byte order mark, so spreadsheets read Arabic.
 */
export async function subscribersCsv(ctx: AppContext, which: number, header: [string, string, string]): Promise<string> {
  if (which !== SUBSCRIBER_EXPORTS.all) throw new AppError('api.subscribers.export_not_found', 404);
  const lines = [header.map(csvCell).join(',')];
  let afterId = 0;
  for (;;) {
    const rows = await subscriberBatch(ctx.db, afterId, CSV_BATCH);
    for (const r of rows) lines.push([String(r.id), r.email, r.createdAt.toISOString()].map(csvCell).join(','));
    if (rows.length < CSV_BATCH) break;
    afterId = rows[rows.length - 1]!.id;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function markContactMessage(ctx: AppContext, id: number, read: boolean) {
  const row = await setContactMessageRead(ctx.db, id, read ? new Date() : null);
  if (!row) throw new AppError('api.subscribers.message_not_found', 404);
  return presentContactMessage(row);
}

export async function removeContactMessage(ctx: AppContext, id: number) {
  if (!(await deleteContactMessage(ctx.db, id))) throw new AppError('api.subscribers.message_not_found', 404);
}
