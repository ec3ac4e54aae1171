import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Language } from '../../lib/i18n';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { activeAdmins, findRecipient, insertMail, insertMails, type NewMail, type Recipient } from './mail.queries';
import { renderMail, type MailTemplate, type NotificationTemplate } from './mail.templates';
import { fileTransport, smtpTransport, type MailTransport } from './mail.transport';
import { MailWorker } from './mail.worker';

export type { MailTemplate, NotificationTemplate } from './mail.templates';
export type { NewMail, Recipient } from './mail.queries';

/**
 * Queues one mail to `to`, rendered now in `lang` (the recipient's language), and wakes this
 * process's worker. Other modules send mail only
 * through this (or write composeMail's row in their own statement, then call mailQueued); nothing waits
 * for the SMTP server.
 */
export async function enqueueMail(ctx: AppContext, mail: { to: string; lang: Language; template: MailTemplate }): Promise<{ messageId: string }> {
  const row = composeMail(ctx, mail);
  await insertMail(ctx.db, row);
  mailQueued(ctx);
  return { messageId: row.messageId };
}

/** One mail's outbox row, rendered now in `lang`, with its Message-ID: what enqueueMail inserts. */
export function composeMail(ctx: Pick<AppContext, 'config'>, mail: { to: string; lang: Language; template: MailTemplate }): NewMail {
  const rendered = renderMail(mail.lang, mail.template);
  const host = new URL(ctx.config.publicUrl).hostname || 'nibras.local';
  return {
    messageId: `<${randomUUID()}@${host}>`,
    kind: mail.template.kind,
    toAddress: mail.to,
    lang: mail.lang,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  };
}

/**
 * A notification to an account already read (an order's participant, read with the order's checks) as an
 * outbox row for the caller's own statement: null when the account turned the kind off, or when it could
 * not be rendered (logged; like notifyUser, it never fails the request).
 */
export function composeNotification(ctx: Pick<AppContext, 'config' | 'log'>, recipient: Recipient, letter: (recipient: Recipient) => NotificationTemplate): NewMail | null {
  try {
    const template = notificationFor(recipient, letter);
    return template && composeMail(ctx, { to: recipient.email, lang: recipient.lang, template });
  } catch (error) {
    ctx.log('error', 'a notification mail could not be rendered', error);
    return null;
  }
}

/**
 * Rows made by composeMail or composeNotification, written with `db`: the caller's transaction, so the mail is
 * queued exactly when what it reports is written (an import's accounts and enrolments). Call mailQueued after the commit.
 */
export async function insertComposedMails(db: Db, mails: NewMail[]): Promise<void> {
  await insertMails(db, mails);
}

/** A mail row was committed by the caller's own statement: this process's worker sends it now. */
export function mailQueued(ctx: Pick<AppContext, 'mail'>): void {
  ctx.mail.wake();
}

/** The transport the settings ask for: SMTP_URL, or .eml files in DATA_DIR/outbox. */
export function configuredTransport(ctx: AppContext, log: (line: string) => void): MailTransport {
  return ctx.config.mail.smtpUrl ? smtpTransport(ctx.config.mail.smtpUrl) : fileTransport(path.join(ctx.config.dataDir, 'outbox'), log);
}

/** A worker on the app's database with the configured transport and limits (`overrides` for tests). */
export function createMailWorker(ctx: AppContext, overrides: { transport?: MailTransport; log?: (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void } = {}): MailWorker {
  const log = overrides.log ?? (() => undefined);
  return new MailWorker({
    db: ctx.db,
    transport: overrides.transport ?? configuredTransport(ctx, (line) => log('info', line)),
    from: ctx.config.mail.from,
    maxAttempts: ctx.config.mail.maxAttempts,
    retryBaseMs: ctx.config.mail.retryBaseMs,
    pollMs: ctx.config.mail.pollMs,
    log,
  });
}

/** An account's name for a letter about it (the instructor of a submitted course); empty when it cannot be read. */
export async function recipientName(ctx: AppContext, userId: number): Promise<string> {
  try {
    return (await findRecipient(ctx.db, userId))?.name ?? '';
  } catch (error) {
    ctx.log('error', 'a notification mail could not be prepared', error);
    return '';
  }
}

/** An absolute link into the web app: PUBLIC_URL and a route of apps/web/src/config/paths.ts. */
export function siteLink(ctx: Pick<AppContext, 'config'>, path: string): string {
  return `${ctx.config.publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * Queues a notification (docs/mail.md) to one account, in the account's language (users.lang), unless
 * the account turned that kind off or is deactivated. Called after the change it reports is committed;
 * it never fails the request that caused it: a failure to queue is logged and the request goes on.
 * Returns whether a mail was queued.
 */
export async function notifyUser(ctx: AppContext, userId: number, letter: (recipient: Recipient) => NotificationTemplate): Promise<boolean> {
  try {
    const recipient = await findRecipient(ctx.db, userId);
    if (!recipient) return false;
    return await notifyRecipient(ctx, recipient, letter);
  } catch (error) {
    ctx.log('error', 'a notification mail could not be queued', error);
    return false;
  }
}

/**
 * A security notice (a password changed) to one active account, in its language: the account cannot
 * turn these off. Like notifyUser it never fails the request that caused it.
 */
export async function tellAccount(ctx: AppContext, userId: number, letter: (recipient: Recipient) => MailTemplate): Promise<boolean> {
  try {
    const recipient = await findRecipient(ctx.db, userId);
    if (!recipient) return false;
    await enqueueMail(ctx, { to: recipient.email, lang: recipient.lang, template: letter(recipient) });
    return true;
  } catch (error) {
    ctx.log('error', 'a security notice could not be queued', error);
    return false;
  }
}

/** The same to every active admin who has not turned the kind off (a course to review). */
export async function notifyAdmins(ctx: AppContext, letter: (recipient: Recipient) => NotificationTemplate): Promise<number> {
  try {
    let queued = 0;
    for (const admin of await activeAdmins(ctx.db)) if (await notifyRecipient(ctx, admin, letter)) queued += 1;
    return queued;
  } catch (error) {
    ctx.log('error', 'a notification mail could not be queued', error);
    return 0;
  }
}

/** The recipient's letter, or null when the recipient turned its kind off. */
function notificationFor(recipient: Recipient, letter: (recipient: Recipient) => NotificationTemplate): NotificationTemplate | null {
  const template = letter(recipient);
  return recipient.mailOptOuts.includes(template.kind) ? null : template;
}

async function notifyRecipient(ctx: AppContext, recipient: Recipient, letter: (recipient: Recipient) => NotificationTemplate): Promise<boolean> {
  const template = notificationFor(recipient, letter);
  if (!template) return false;
  await enqueueMail(ctx, { to: recipient.email, lang: recipient.lang, template });
  return true;
}
