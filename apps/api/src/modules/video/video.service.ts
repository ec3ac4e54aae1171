import type { AppContext } from '../../context';
import { ffmpegAvailable } from './video.ffmpeg';
import type { Db } from '../../db/client';
import { captionLanguages, deleteCaptions, dropVideoJob, findCaptions, ladderIsReady, putCaptions, queueVideoJob, videoJobStates, type VideoJobState } from './video.queries';
import { captionsInDirection, cleanCaptions } from './captions';
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

// ---------------------------------------------------------------------------------------------
// Captions (docs/video.md)

/** Captions text (WebVTT or SRT) as clean WebVTT, or null when no cue could be read. */
export const captionsAsWebVtt = (text: string) => cleanCaptions(text);

/** Stores a lecture's captions in one language (in the caller's transaction, which checked the course's access). */
export const storeCaptions = (tx: Db, lectureId: number, lang: string, vtt: string) => putCaptions(tx, lectureId, lang, vtt);

/** Removes them; false when there were none. */
export const removeCaptions = (tx: Db, lectureId: number, lang: string) => deleteCaptions(tx, lectureId, lang);

/** The languages of each lecture's captions, by lecture id. */
export async function captionsByLecture(ctx: AppContext, lectureIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  for (const row of await captionLanguages(ctx.db, lectureIds)) map.set(row.lectureId, [...(map.get(row.lectureId) ?? []), row.lang]);
  return map;
}

/** A lecture's captions in one language as served: in that language's direction (captionsInDirection); null when none. */
export async function lectureCaptionsVtt(ctx: AppContext, lectureId: number, lang: string): Promise<string | null> {
  const vtt = await findCaptions(ctx.db, lectureId, lang);
  return vtt === null ? null : captionsInDirection(vtt, lang);
}

/** What the course builder shows of each lecture's video beyond the file: its streaming state and its captions' languages. */
export interface VideoFacts {
  streaming: Map<number, StreamingState>;
  captions: Map<number, string[]>;
}

export async function videoFacts(ctx: AppContext, lectures: { id: number; video: string | null }[]): Promise<VideoFacts> {
  const [streaming, captions] = await Promise.all([streamingStates(ctx, lectures), captionsByLecture(ctx, lectures.map((l) => l.id))]);
  return { streaming, captions };
}
