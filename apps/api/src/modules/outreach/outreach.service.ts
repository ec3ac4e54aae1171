import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sanitizePlainText } from '../../lib/sanitize';
import type { Language } from '../../lib/i18n';
import { hashToken } from '../../lib/tokens';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { csvCell } from '../../lib/exports';
import { SUBSCRIBER_EXPORTS, mailLinks } from '@nibras/contract';
import { enqueueMail, siteLink } from '../mail/mail.service';
import {
  addSubscriber,
  confirmByTokenHash,
  confirmedSubscriberBatch,
  contactMessagePage,
  countConfirmMailsSince,
  deleteByUnsubscribeToken,
  deleteContactMessage,
  deleteSubscriber,
  findSubscriberByEmail,
  insertContactMessage,
  renewConfirmToken,
  setContactMessageRead,
  subscriberPage,
} from './outreach.queries';
import { presentContactMessage } from './outreach.presenter';

const PER_PAGE = 10;

/** Every subscribe answer takes at least this long: whether a mail was queued does not show in the time. */
export const SUBSCRIBE_ANSWER_FLOOR_MS = 300;
/** Confirmation mails to one address in an hour, first one included. */
export const CONFIRM_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

/**
 * Double opt-in (docs/mail.md): a new address is stored unconfirmed and mailed a confirmation link in
 * the request's language; an unconfirmed one gets a fresh link (at most CONFIRM_MAILS_PER_HOUR an
 * hour); a confirmed one gets nothing. The answer is the same in every case, after the same floor of
 * time; the per-address limit is on the route.
 */
export async function subscribe(ctx: AppContext, lang: Language, email: string) {
  const started = Date.now();
  try {
    const address = email.trim();
    const token = randomBytes(32).toString('base64url');
    const confirmTokenHash = hashToken(token);
    const existing = await findSubscriberByEmail(ctx.db, address);
    if (existing?.confirmedAt) return;
    if (existing) {
      if ((await countConfirmMailsSince(ctx.db, existing.email, new Date(Date.now() - HOUR_MS))) >= CONFIRM_MAILS_PER_HOUR) return;
      if (!(await renewConfirmToken(ctx.db, existing.id, { lang, confirmTokenHash }))) return;
    } else if (!(await addSubscriber(ctx.db, { email: address, lang, confirmTokenHash }))) return;
    await enqueueMail(ctx, { to: existing?.email ?? address, lang, template: { kind: 'newsletter_confirm', params: { link: siteLink(ctx, mailLinks.newsletterConfirm(token)) } } });
  } finally {
    const left = SUBSCRIBE_ANSWER_FLOOR_MS - (Date.now() - started);
    if (left > 0) await sleep(left);
  }
}

/** The mailed confirmation link: once, and only the latest one sent to the address. */
export async function confirmSubscription(ctx: AppContext, token: string) {
  if (!(await confirmByTokenHash(ctx.db, hashToken(token)))) {
    throw new AppError('api.newsletter.confirm_link_invalid', 400, { fields: { token: 'api.newsletter.confirm_link_invalid' } });
  }
}

/** The unsubscribe link of a newsletter mail: no sign-in; the subscription is deleted. */
export async function unsubscribe(ctx: AppContext, token: string) {
  if (!(await deleteByUnsubscribeToken(ctx.db, token))) {
    throw new AppError('api.newsletter.unsubscribe_link_invalid', 400, { fields: { token: 'api.newsletter.unsubscribe_link_invalid' } });
  }
}

/** A newsletter through the outbox to every confirmed subscriber, in their language, each with its own unsubscribe link. */
export async function sendNewsletter(ctx: AppContext, body: { subject_ar: string; body_ar: string; subject_en: string; body_en: string }) {
  const letters = {
    ar: { subject: sanitizePlainText(body.subject_ar).replace(/\s+/g, ' '), body: sanitizePlainText(body.body_ar) },
    en: { subject: sanitizePlainText(body.subject_en).replace(/\s+/g, ' '), body: sanitizePlainText(body.body_en) },
  };
  let queued = 0;
  let afterId = 0;
  for (;;) {
    const rows = await confirmedSubscriberBatch(ctx.db, afterId, CSV_BATCH);
    for (const r of rows) {
      await enqueueMail(ctx, {
        to: r.email,
        lang: r.lang,
        template: { kind: 'newsletter', params: { ...letters[r.lang], unsubscribeLink: siteLink(ctx, mailLinks.newsletterUnsubscribe(r.unsubscribeToken)) } },
      });
      queued += 1;
    }
    if (rows.length < CSV_BATCH) break;
    afterId = rows[rows.length - 1]!.id;
  }
  return { queued };
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
  return { items: rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString(), confirmed: r.confirmedAt !== null })), page, perPage, total };
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


const CSV_BATCH = 1000;

/**
 * GET /api/admin/download/status/{id}: id 1 (SUBSCRIBER_EXPORTS.all) is every confirmed subscriber
 * (the list the newsletter goes to; unconfirmed ones are only on the screen, marked); other
 * ids select nothing and answer 404. UTF-8 with a byte order mark, so spreadsheets read Arabic.
 */
export async function subscribersCsv(ctx: AppContext, which: number, header: [string, string, string]): Promise<string> {
  if (which !== SUBSCRIBER_EXPORTS.all) throw new AppError('api.subscribers.export_not_found', 404);
  const lines = [header.map(csvCell).join(',')];
  let afterId = 0;
  for (;;) {
    const rows = await confirmedSubscriberBatch(ctx.db, afterId, CSV_BATCH);
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
