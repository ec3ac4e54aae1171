import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import { blankOldBodies, claimDueMail, markAttemptFailed, markSent, msUntilNextDue, type MailRow } from './mail.queries';
import { sendingHeaders } from './mail.templates';
import { classifyFailure, type MailTransport } from './mail.transport';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Refusals by the server before a message is failed. */
  maxAttempts: number;
  /** First retry delay in ms; doubles each try up to maxRetryMs. */
  retryBaseMs: number;
  maxRetryMs?: number;
  /** Longest idle sleep: mail enqueued by another process is found within this. */
  pollMs: number;
  /** How long a claim holds a message; far above the transport's timeouts. */
  leaseMs?: number;
  batchSize?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void;
}

const HOUR_MS = 3_600_000;

/** The wait before try n+1 after n failed tries: base, 2x base, 4x base… at most maxRetryMs, with ±10 % jitter. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  const delay = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.9 + Math.random() * 0.2));
}

/**
 * Sends queued mail: claims due messages (FOR UPDATE SKIP LOCKED, mail.queries.ts), sends each,
 * marks it sent under the same claim, or schedules a retry with exponential backoff. Sleeps
 * until the next message is due, at most pollMs, and wakes at once on `wake()` (after an enqueue).
 * Exactly once, except one window: a crash after the server accepted a message and before it is
 * marked sent sends it again when the lease ends (same Message-ID, so readers can spot it).
 */
export class MailWorker extends PollingWorker {
  private lastBlank = 0;
  private readonly o: Required<Omit<MailWorkerOptions, 'log'>> & Pick<MailWorkerOptions, 'log'>;

  constructor(options: MailWorkerOptions) {
    super({ pollMs: options.pollMs, name: 'mail worker', log: options.log });
    this.o = { maxRetryMs: 15 * 60_000, leaseMs: 5 * 60_000, batchSize: 10, ...options };
  }

  /** Finishes the message in hand, then stops. */
  override async stop(): Promise<void> {
    await super.stop();
    this.o.transport.close();
  }

  protected async takeDue() {
    const sent = await this.runOnce();
    return { again: sent === this.o.batchSize, none: sent === 0 };
  }

  protected msUntilNextDue() {
    return msUntilNextDue(this.o.db);
  }

  protected override async whenIdle() {
    if (Date.now() - this.lastBlank > 60_000) {
      this.lastBlank = Date.now();
      await blankOldBodies(this.o.db, HOUR_MS);
    }
  }

  /** One claim and its sends; how many messages it claimed. */
  async runOnce(): Promise<number> {
    const claim = randomUUID();
    const rows = await claimDueMail(this.o.db, claim, this.o.leaseMs, this.o.batchSize);
    for (const row of rows) await this.deliver(row, claim);
    return rows.length;
  }

  private async deliver(row: MailRow, claim: string): Promise<void> {
    try {
      await this.o.transport.send({
        messageId: row.messageId,
        from: this.o.from,
        to: row.toAddress,
        lang: row.lang,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: sendingHeaders(row.kind, row.textBody),
      });
    } catch (error) {
      const failure = classifyFailure(error);
      const rejections = row.rejections + (failure.rejected ? 1 : 0);
      const failed = rejections >= this.o.maxAttempts;
      await markAttemptFailed(this.o.db, row.id, claim, {
        error: failure.message,
        rejected: failure.rejected,
        failed,
        retryInMs: failed ? 0 : retryDelay(row.attempts, this.o.retryBaseMs, this.o.maxRetryMs),
      });
      this.o.log?.(failed ? 'error' : 'warn', `mail ${row.messageId} to ${row.toAddress}: ${failed ? 'failed for good' : 'will retry'}: ${failure.message}`);
      return;
    }
    if (!(await markSent(this.o.db, row.id, claim))) this.o.log?.('warn', `mail ${row.messageId}: sent, but its claim had lapsed`);
  }
}
