import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { started } from './running';

/** One message as the test SMTP server received it, with its MIME parts decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Every RCPT TO the server saw (accepted or refused), in order. */
  recipientsTried: string[];
  /** Stops listening (the port may be listened on again with `restart`). */
  close(): Promise<void>;
  restart(): Promise<void>;
  /** Waits until `predicate` holds on what was received, or throws after `timeoutMs`. */
  waitFor(predicate: (received: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

/** A small MIME reader, enough for nodemailer's multipart/alternative messages. */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'messageId' | 'text' | 'html'> {
  const { headers, body } = split(raw);
  const parts: { type: string; content: string }[] = [];
  const walk = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of b.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const inner = split(chunk.replace(/^\r?\n/, ''));
        walk(inner.headers, inner.body);
      }
    } else parts.push({ type: type.split(';')[0]!.trim(), content: decodeBody(b, h['content-transfer-encoding']) });
  };
  walk(headers, body);
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    messageId: headers['message-id'] ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
  };
}

/**
 * A real SMTP server on a free port (or `port`), keeping what it receives. `refuse(address)` makes
 * it answer RCPT TO with a permanent 550; `delayMs` slows each DATA down (to make sends overlap).
 */
export async function startSmtpServer(opts: { port?: number; refuse?: (address: string) => boolean; delayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const recipientsTried: string[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No reverse DNS of 127.0.0.1 per connection: it can take seconds on a machine without a resolver.
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      recipientsTried.push(address.address);
      if (opts.refuse?.(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const finish = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...parseMail(raw),
          });
          callback();
        };
        if (opts.delayMs) setTimeout(finish, opts.delayMs);
        else finish();
      });
    },
  };
  let server = new SMTPServer(options);
  // Recorded in running.ts while it listens: a test that stops before closing it does not leave it open.
  let forget: () => void = () => undefined;
  const close = () => {
    const listening = server;
    return new Promise<void>((resolve) => listening.close(() => resolve())).finally(forget);
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.server.address();
        const listening = typeof address === 'object' && address ? address.port : port;
        forget = started(`SMTP server on port ${listening}`, close);
        resolve(listening);
      });
    });
  const port = await listen(opts.port ?? 0);
  return {
    port,
    received,
    recipientsTried,
    close,
    async restart() {
      server = new SMTPServer(options);
      await listen(port);
    },
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`the SMTP server did not receive the expected mail in ${timeoutMs} ms (got ${received.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
