import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import nodemailer from 'nodemailer';

/** One message as the worker hands it to a transport. */
export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  lang: 'ar' | 'en';
  subject: string;
  text: string;
  html: string;
  /** Headers of the kind (the newsletter's List-Unsubscribe), besides the usual ones. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Why a try failed: the server refused it (counts against MAIL_MAX_ATTEMPTS), or could not be reached or is misconfigured (does not). */
export interface SendFailure {
  rejected: boolean;
  message: string;
}

// Connection-level failures: nothing is wrong with the message, the relay is away.
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

// The relay's settings are wrong (credentials, TLS): an operator's problem, not the message's; it waits for the fix.
const MISCONFIGURED = new Set(['EAUTH', 'ETLS', 'ENOAUTH']);

export function classifyFailure(error: unknown): SendFailure {
  const e = error as { code?: string; responseCode?: number; message?: string; response?: string };
  const message = String(e?.response ?? e?.message ?? error);
  if (e?.code && (UNREACHABLE.has(e.code) || MISCONFIGURED.has(e.code))) return { rejected: false, message };
  return { rejected: true, message };
}

function nodemailerMessage(mail: OutgoingMail) {
  return {
    messageId: mail.messageId,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { 'Content-Language': mail.lang, ...mail.headers },
  };
}

/**
 * Over SMTP (SMTP_URL). The timeouts keep every try well inside the worker's claim lease, so a
 * live worker never loses its claim to another one while it is still sending.
 */
export function smtpTransport(url: string): MailTransport {
  // The URL's own settings (host, port, user, TLS) win; the timeouts apply where it says nothing.
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(mail) {
      await transporter.sendMail(nodemailerMessage(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * With no SMTP_URL: each message is written to `dir` as an .eml file (openable by any mail reader)
 * and its link logged, so a fresh install works with nothing else.
 */
export function fileTransport(dir: string, log: (line: string) => void): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = (await transporter.sendMail(nodemailerMessage(mail))) as unknown as { message: Buffer };
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9-]/g, '')}.eml`;
      const file = path.join(dir, name);
      await writeFile(file, info.message);
      log(`Mail to ${mail.to} ("${mail.subject}") written to ${pathToFileURL(file).href}`);
    },
    close: () => undefined,
  };
}
