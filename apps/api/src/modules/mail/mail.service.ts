import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Language } from '../../lib/i18n';
import type { AppContext } from '../../context';
import { insertMail } from './mail.queries';
import { renderMail, type MailTemplate } from './mail.templates';
import { fileTransport, smtpTransport, type MailTransport } from './mail.transport';
import { MailWorker } from './mail.worker';

export type { MailTemplate } from './mail.templates';

/**
 * Queues one mail to `to`, rendered now in `lang` (the recipient's language: the Accept-Language
 * of the request that caused it), and wakes this process's worker. Other modules send mail only
 * through this; nothing waits for the SMTP server.
 */
export async function enqueueMail(ctx: AppContext, mail: { to: string; lang: Language; template: MailTemplate }): Promise<{ messageId: string }> {
  const rendered = renderMail(mail.lang, mail.template);
  const host = new URL(ctx.config.publicUrl).hostname || 'nibras.local';
  const messageId = `<${randomUUID()}@${host}>`;
  await insertMail(ctx.db, {
    messageId,
    kind: mail.template.kind,
    toAddress: mail.to,
    lang: mail.lang,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
  });
  ctx.mail.wake();
  return { messageId };
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
