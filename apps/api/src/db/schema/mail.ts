import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Outgoing mail, queued in the database and sent by the mail worker (docs/mail.md). A row is
 * rendered when enqueued (subject and both parts, in the recipient's language); the worker
 * claims due rows with FOR UPDATE SKIP LOCKED, so two workers never take the same one.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** The Message-ID header, made at enqueue: a resent copy carries the same one. */
    messageId: text('message_id').notNull().unique(),
    /** What the mail is (its template), e.g. 'password_reset'. */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    lang: text('lang', { enum: ['ar', 'en'] }).notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** pending (due at next_attempt_at), sending (claimed until claimed_until), sent, failed. */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    /** Every try, reachable server or not: drives the backoff. */
    attempts: integer('attempts').notNull().default(0),
    /** Tries the SMTP server refused (it answered with an error): at most MAIL_MAX_ATTEMPTS. */
    rejections: integer('rejections').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim's lease: past it, a row still 'sending' (its worker died) is due again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Which claim holds the row, so only that worker marks it. */
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Forgot-password links (docs/mail.md): only the SHA-256 of the random token is kept; a token works
 * once and for an hour. Rows also count the requests per account (at most 3 an hour). An `invitation`
 * is the same kind of link mailed to an account an admin created (docs/bulk-enrolment.md): it works for
 * days, and does not count against the hourly limit of forgot-password mails.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['reset', 'invitation'] }).notNull().default('reset'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);
