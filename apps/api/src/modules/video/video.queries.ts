import { and, asc, eq, inArray, lt, lte, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lectureCaptions, lectures, videoJobs } from '../../db/schema';

export type VideoJobRow = typeof videoJobs.$inferSelect;

/** The database's clock decides what is due, whichever node asks (as for the mail outbox). */
const now = sql`now()`;
const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * The lecture's video is now `source`: its job starts again from the queue, whatever the last one had reached. A worker
 * still busy with the old file loses its claim (the token is cleared) and its result is thrown away.
 */
export async function queueVideoJob(db: Db, lectureId: number, source: string): Promise<void> {
  const fresh = { source, status: 'queued' as const, progress: 0, attempts: 0, nextAttemptAt: now, claimedUntil: null, claimToken: null, errorCode: null, lastError: null, heights: null, updatedAt: now };
  await db.insert(videoJobs).values({ lectureId, ...fresh }).onConflictDoUpdate({ target: videoJobs.lectureId, set: fresh });
}

/** The lecture has no video any more. */
export async function dropVideoJob(db: Db, lectureId: number): Promise<void> {
  await db.delete(videoJobs).where(eq(videoJobs.lectureId, lectureId));
}

const due = () =>
  or(
    and(eq(videoJobs.status, 'queued'), lte(videoJobs.nextAttemptAt, now)),
    // A claim whose worker died (or stopped reporting) is due again.
    and(eq(videoJobs.status, 'processing'), lt(videoJobs.claimedUntil, now)),
  );

/** Takes the oldest due job for one worker (FOR UPDATE SKIP LOCKED: a concurrent claim takes another), or none. */
export async function claimVideoJob(db: Db, claimToken: string, leaseMs: number): Promise<VideoJobRow | undefined> {
  const picked = db.select({ id: videoJobs.id }).from(videoJobs).where(due()).orderBy(asc(videoJobs.nextAttemptAt), asc(videoJobs.id)).limit(1).for('update', { skipLocked: true });
  const [row] = await db
    .update(videoJobs)
    .set({ status: 'processing', claimToken, claimedUntil: inMs(leaseMs), attempts: sql`${videoJobs.attempts} + 1`, progress: 0, updatedAt: now })
    .where(and(sql`${videoJobs.id} = any(array(${picked}))`, due()))
    .returning();
  return row;
}

const held = (id: number, claimToken: string) => and(eq(videoJobs.id, id), eq(videoJobs.claimToken, claimToken), eq(videoJobs.status, 'processing'));

/** Progress, and the lease renewed: false when the claim is gone (a new upload replaced the video). */
export async function reportProgress(db: Db, id: number, claimToken: string, progress: number, leaseMs: number): Promise<boolean> {
  const rows = await db.update(videoJobs).set({ progress, claimedUntil: inMs(leaseMs), updatedAt: now }).where(held(id, claimToken)).returning({ id: videoJobs.id });
  return rows.length > 0;
}

/**
 * The lecture's video was remuxed into `to` (its index first): the lecture and the job move to it together, if both
 * still name `from` under this claim. False when not (the file is then the caller's to remove).
 */
export async function moveSource(db: Db, id: number, claimToken: string, from: string, to: string): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [job] = await tx.update(videoJobs).set({ source: to, updatedAt: now }).where(and(held(id, claimToken), eq(videoJobs.source, from))).returning({ lectureId: videoJobs.lectureId });
      if (!job) return false;
      const moved = await tx.update(lectures).set({ video: to }).where(and(eq(lectures.id, job.lectureId), eq(lectures.video, from))).returning({ id: lectures.id });
      if (moved.length === 0) tx.rollback();
      return true;
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

/** Ready, if this claim still holds the job and the lecture still plays its source. */
export async function markReady(db: Db, id: number, claimToken: string, heights: number[]): Promise<boolean> {
  const rows = await db
    .update(videoJobs)
    .set({ status: 'ready', progress: 100, heights, claimToken: null, claimedUntil: null, errorCode: null, lastError: null, updatedAt: now })
    .where(and(held(id, claimToken), sql`exists (select 1 from ${lectures} where ${lectures.id} = ${videoJobs.lectureId} and ${lectures.video} = ${videoJobs.source})`))
    .returning({ id: videoJobs.id });
  return rows.length > 0;
}

/** A failed try: queued again in `retryInMs`, or failed for good, with the reason the instructor reads. */
export async function markTryFailed(db: Db, id: number, claimToken: string, outcome: { errorCode: string; detail: string; failed: boolean; retryInMs: number }): Promise<void> {
  await db
    .update(videoJobs)
    .set({
      status: outcome.failed ? 'failed' : 'queued',
      progress: 0,
      nextAttemptAt: inMs(outcome.retryInMs),
      claimToken: null,
      claimedUntil: null,
      errorCode: outcome.errorCode,
      lastError: outcome.detail.slice(0, 2000),
      updatedAt: now,
    })
    .where(held(id, claimToken));
}

/** The worker stops (a restart, a deploy): the job goes back to the queue as it was, the try not counted. */
export async function releaseClaim(db: Db, id: number, claimToken: string): Promise<void> {
  await db
    .update(videoJobs)
    .set({ status: 'queued', progress: 0, attempts: sql`greatest(0, ${videoJobs.attempts} - 1)`, claimToken: null, claimedUntil: null, updatedAt: now })
    .where(held(id, claimToken));
}

/** How long until the next job falls due (queued, or a lapsed claim), if any. */
export async function msUntilNextJob(db: Db): Promise<number | null> {
  const [row] = await db
    .select({
      ms: sql<string | null>`extract(epoch from min(case when ${videoJobs.status} = 'queued' then ${videoJobs.nextAttemptAt} else ${videoJobs.claimedUntil} end) - now()) * 1000`,
    })
    .from(videoJobs)
    .where(inArray(videoJobs.status, ['queued', 'processing']));
  return row?.ms == null ? null : Math.max(0, Number(row.ms));
}

export type VideoJobState = Pick<VideoJobRow, 'lectureId' | 'source' | 'status' | 'progress' | 'errorCode' | 'heights'>;

/** The jobs of these lectures, for the course builder. */
export async function videoJobStates(db: Db, lectureIds: number[]): Promise<VideoJobState[]> {
  if (lectureIds.length === 0) return [];
  return db
    .select({ lectureId: videoJobs.lectureId, source: videoJobs.source, status: videoJobs.status, progress: videoJobs.progress, errorCode: videoJobs.errorCode, heights: videoJobs.heights })
    .from(videoJobs)
    .where(inArray(videoJobs.lectureId, lectureIds));
}

/** Whether the lecture's job is ready for this video (its ladder is stored and current). */
export async function ladderIsReady(db: Db, lectureId: number, source: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoJobs.id })
    .from(videoJobs)
    .where(and(eq(videoJobs.lectureId, lectureId), eq(videoJobs.source, source), eq(videoJobs.status, 'ready')));
  return !!row;
}

/** A lecture's captions in one language, added or replaced. */
export async function putCaptions(db: Db, lectureId: number, lang: string, vtt: string): Promise<void> {
  await db
    .insert(lectureCaptions)
    .values({ lectureId, lang, vtt })
    .onConflictDoUpdate({ target: [lectureCaptions.lectureId, lectureCaptions.lang], set: { vtt, createdAt: now } });
}

/** Whether there were captions in that language to remove. */
export async function deleteCaptions(db: Db, lectureId: number, lang: string): Promise<boolean> {
  const rows = await db.delete(lectureCaptions).where(and(eq(lectureCaptions.lectureId, lectureId), eq(lectureCaptions.lang, lang))).returning({ id: lectureCaptions.id });
  return rows.length > 0;
}

/** The languages of each lecture's captions, in order. */
export async function captionLanguages(db: Db, lectureIds: number[]): Promise<{ lectureId: number; lang: string }[]> {
  if (lectureIds.length === 0) return [];
  return db
    .select({ lectureId: lectureCaptions.lectureId, lang: lectureCaptions.lang })
    .from(lectureCaptions)
    .where(inArray(lectureCaptions.lectureId, lectureIds))
    .orderBy(asc(lectureCaptions.lectureId), asc(lectureCaptions.lang));
}

export async function findCaptions(db: Db, lectureId: number, lang: string): Promise<string | null> {
  const [row] = await db.select({ vtt: lectureCaptions.vtt }).from(lectureCaptions).where(and(eq(lectureCaptions.lectureId, lectureId), eq(lectureCaptions.lang, lang)));
  return row?.vtt ?? null;
}
