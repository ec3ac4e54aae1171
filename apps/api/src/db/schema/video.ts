import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { lectures } from './learning';

/** Where a lecture's video stands on its way to streaming (docs/video.md). */
export const VIDEO_JOB_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;

/**
 * The streaming ladder of a lecture's video, made by the video worker (modules/video): one row per lecture, for the
 * video it has now (`source`, its storage key). A new upload puts the row back to `queued` for the new file. Claimed
 * like the mail outbox (FOR UPDATE SKIP LOCKED, a lease), so any number of workers on any node share the queue and a
 * job whose worker died is taken again when its lease ends. The ladder itself is stored under hls/<the source's id>/.
 */
export const videoJobs = pgTable(
  'video_jobs',
  {
    id: serial('id').primaryKey(),
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    /** The storage key of the video the job works from: the lecture's `video` when the job was queued (or remuxed). */
    source: text('source').notNull(),
    status: text('status', { enum: VIDEO_JOB_STATUSES }).notNull().default('queued'),
    /** 0-100 while processing (the share of the video encoded), 100 when ready. */
    progress: integer('progress').notNull().default(0),
    /** Every try, the one in hand included: at most VIDEO_MAX_ATTEMPTS. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim's lease, renewed while the worker reports progress: past it, a 'processing' job is due again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimToken: text('claim_token'),
    /** Why the last try failed, as a translation key (video.failed.*): the instructor reads it in their language. */
    errorCode: text('error_code'),
    /** What ffmpeg said, for the operator (never shown to the instructor). */
    lastError: text('last_error'),
    /** The rungs made, by their height (e.g. 240, 360, 720), once ready. */
    heights: integer('heights').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('video_jobs_lecture_unique').on(t.lectureId), index('video_jobs_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * A lecture's captions in one language, kept as cleaned WebVTT (docs/video.md): converted from SRT, markup beyond
 * WebVTT's own removed. Small enough for a row; served to whoever may watch the lecture.
 */
export const lectureCaptions = pgTable(
  'lecture_captions',
  {
    id: serial('id').primaryKey(),
    lectureId: integer('lecture_id')
      .notNull()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    /** A BCP 47 tag (ar, en, en-GB). */
    lang: text('lang').notNull(),
    vtt: text('vtt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lecture_captions_lecture_lang_unique').on(t.lectureId, t.lang)],
);
