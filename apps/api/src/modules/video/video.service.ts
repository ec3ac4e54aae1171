import type { AppContext } from '../../context';
import { ffmpegAvailable } from './video.ffmpeg';
import type { Db } from '../../db/client';
import { dropVideoJob, ladderIsReady, queueVideoJob, videoJobStates, type VideoJobState } from './video.queries';
import { ladderPrefix } from './video-files';
import { VideoWorker } from './video.worker';

type Log = (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void;

/** A worker on the app's database and storage with the configured ladder (`overrides` for tests). */
export function createVideoWorker(ctx: AppContext, overrides: { log?: Log; pollMs?: number; leaseMs?: number; retryBaseMs?: number } = {}): VideoWorker {
  const v = ctx.config.video;
  return new VideoWorker({
    db: ctx.db,
    storage: ctx.storage,
    ffmpeg: v.ffmpeg,
    ffprobe: v.ffprobe,
    ladder: v.ladder,
    segmentSeconds: v.segmentSeconds,
    maxAttempts: v.maxAttempts,
    retryBaseMs: overrides.retryBaseMs ?? v.retryBaseMs,
    ...(overrides.pollMs === undefined ? {} : { pollMs: overrides.pollMs }),
    ...(overrides.leaseMs === undefined ? {} : { leaseMs: overrides.leaseMs }),
    log: overrides.log,
  });
}

/** Whether this machine can make ladders: without ffmpeg, jobs wait in the queue and lectures play as uploaded. */
export const canTranscode = (ctx: AppContext) => ffmpegAvailable(ctx.config.video.ffmpeg);

/** What the course builder shows of a lecture's video on its way to streaming (null: no job, the file plays as uploaded). */
export interface StreamingState {
  status: VideoJobState['status'];
  progress: number;
  /** Why it failed: a key of the web app's translations (video.failed.*). */
  error: string | null;
  heights: number[];
}

/** The streaming state of each lecture's current video, by lecture id. */
export async function streamingStates(ctx: AppContext, lectures: { id: number; video: string | null }[]): Promise<Map<number, StreamingState>> {
  const withVideo = lectures.filter((l) => l.video);
  const rows = await videoJobStates(ctx.db, withVideo.map((l) => l.id));
  const current = new Map(withVideo.map((l) => [l.id, l.video]));
  return new Map(
    rows
      .filter((row) => current.get(row.lectureId) === row.source)
      .map((row) => [row.lectureId, { status: row.status, progress: row.progress, error: row.status === 'failed' ? row.errorCode : null, heights: row.heights ?? [] }]),
  );
}

/**
 * A lecture's new video (in the transaction that attaches it): its ladder job starts again from the queue. The caller
 * wakes the workers (ctx.video.wake) once the transaction is committed.
 */
export const queueLadder = (tx: Db, lectureId: number, videoKey: string) => queueVideoJob(tx, lectureId, videoKey);

/** The lecture's video is gone (in the same transaction): so is its job. */
export const forgetLadder = (tx: Db, lectureId: number) => dropVideoJob(tx, lectureId);

/** The storage prefix of the lecture's ladder when it is ready for the video it plays now; null until then. */
export async function readyLadder(ctx: AppContext, lectureId: number, videoKey: string): Promise<string | null> {
  return (await ladderIsReady(ctx.db, lectureId, videoKey)) ? ladderPrefix(videoKey) : null;
}
