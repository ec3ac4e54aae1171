import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = Pick<typeof mailOutbox.$inferInsert, 'messageId' | 'kind' | 'toAddress' | 'lang' | 'subject' | 'textBody' | 'htmlBody'>;

export async function insertMail(db: Db, mail: NewMail): Promise<MailRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  return row!;
}

/** Many rows in one statement (an import's batch, with the caller's transaction). */
export async function insertMails(db: Db, mails: NewMail[]): Promise<void> {
  if (mails.length) await db.insert(mailOutbox).values(mails);
}

/** The database's clock decides what is due, whichever node asks. */
const now = sql`now()`;
const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

const due = () =>
  or(
    and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
    // A claim whose worker died (or hung past the lease) is due again: the at-least-once window.
    and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.claimedUntil, now)),
  );

/**
 * Takes up to `limit` due messages for one worker: one statement, the rows locked with
 * FOR UPDATE SKIP LOCKED so a concurrent claim takes others, and marked 'sending' under
 * `claimToken` until the lease ends. No transaction stays open while the mail is sent.
 */
export async function claimDueMail(db: Db, claimToken: string, leaseMs: number, limit: number): Promise<MailRow[]> {
  const picked = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(due())
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({
      status: 'sending',
      claimToken,
      claimedUntil: inMs(leaseMs),
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    // array(…) runs the locking subquery once: under `id IN (subquery)` the planner may rescan it,
    // and each rescan skips the rows just locked and takes the next ones, past the limit.
    .where(and(sql`${mailOutbox.id} = any(array(${picked}))`, due()))
    .returning();
}

/** Sent: only the claim that holds the row marks it. */
export async function markSent(db: Db, id: number, claimToken: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, claimedUntil: null, claimToken: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, claimToken), eq(mailOutbox.status, 'sending')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** A failed try: due again in `retryInMs`, or failed for good when `failed`. */
export async function markAttemptFailed(
  db: Db,
  id: number,
  claimToken: string,
  outcome: { error: string; rejected: boolean; failed: boolean; retryInMs: number },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: outcome.failed ? 'failed' : 'pending',
      nextAttemptAt: inMs(outcome.retryInMs),
      claimedUntil: null,
      claimToken: null,
      lastError: outcome.error.slice(0, 1000),
      ...(outcome.rejected ? { rejections: sql`${mailOutbox.rejections} + 1` } : {}),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.claimToken, claimToken), eq(mailOutbox.status, 'sending')));
}

/** How long until the next message falls due (pending or a lapsed claim), if any: the idle worker sleeps until then. */
export async function msUntilNextDue(db: Db): Promise<number | null> {
  const [row] = await db
    .select({
      ms: sql<string | null>`extract(epoch from min(case when ${mailOutbox.status} = 'pending' then ${mailOutbox.nextAttemptAt} else ${mailOutbox.claimedUntil} end) - now()) * 1000`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending']));
  return row?.ms == null ? null : Math.max(0, Number(row.ms));
}

/**
 * The bodies of mail sent more than `olderThanMs` ago are blanked: a reset link must not stay
 * readable in the database (or its backups) after its lifetime. Subject, recipient and times stay.
 */
export async function blankOldBodies(db: Db, olderThanMs: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ textBody: '', htmlBody: '' })
    .where(and(inArray(mailOutbox.status, ['sent', 'failed']), lt(sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.nextAttemptAt})`, inMs(-olderThanMs)), sql`${mailOutbox.textBody} <> ''`));
}

/** Who a notification goes to: address, name, mail language and opt-outs; deactivated accounts get none. */
export interface Recipient {
  id: number;
  role: 'admin' | 'instructor' | 'participant';
  email: string;
  name: string;
  lang: 'ar' | 'en';
  mailOptOuts: string[];
}

const recipientColumns = { id: users.id, role: users.role, email: users.email, name: users.name, lang: users.lang, mailOptOuts: users.mailOptOuts };

export async function findRecipient(db: Db, userId: number): Promise<Recipient | undefined> {
  const [row] = await db.select(recipientColumns).from(users).where(and(eq(users.id, userId), isNull(users.deactivatedAt))).limit(1);
  return row;
}

/** Every active admin (course_submitted goes to each who has not turned it off). */
export function activeAdmins(db: Db): Promise<Recipient[]> {
  return db.select(recipientColumns).from(users).where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt))).orderBy(asc(users.id));
}
