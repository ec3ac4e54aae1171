import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/client';
import { PollingWorker } from '../../lib/polling-worker';
import type { Storage } from '../../lib/storage';
import { mp4IndexFirst } from '../authoring/video-duration';
import { faststart, FfmpegError, planLadder, poster, probe, thumbnailsVtt, transcodeLadder } from './video.ffmpeg';
import { claimVideoJob, markReady, markTryFailed, moveSource, msUntilNextJob, releaseClaim, reportProgress, type VideoJobRow } from './video.queries';
import { ladderPrefix, removeVideoFiles } from './video-files';

export interface VideoWorkerOptions {
  db: Db;
  storage: Storage;
  ffmpeg: string;
  ffprobe: string;
  ladder: number[];
  segmentSeconds: number;
  maxAttempts: number;
  retryBaseMs: number;
  /** Longest idle sleep: a job queued by another process is found within this. */
  pollMs?: number;
  /** How long a claim holds a job without news; each progress report renews it. */
  leaseMs?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, detail?: unknown) => void;
}

/** The reason an instructor reads (a translation key of the web app, video.failed.*), by what failed. */
const REASONS = { probe: 'video.failed.unreadable', faststart: 'video.failed.transcode', ladder: 'video.failed.transcode', poster: 'video.failed.transcode', storage: 'video.failed.storage' } as const;

/** What the percentage counts: the encoding is 95 of it, storing the ladder the last 5. */
const ENCODING_SHARE = 95;

/**
 * Makes lectures' streaming ladders, one job at a time (several workers, in one process or many, share the queue):
 * claims the oldest due job, moves an MP4's index to its start if it is at the end (the lecture then plays from that
 * copy at once), encodes the ladder, poster and thumbnails with ffmpeg in a temporary folder, stores them under
 * hls/<video id>/ and marks the job ready, all under the claim: a job whose video was replaced meanwhile is dropped with
 * its files. A failed try is retried with a growing wait, up to maxAttempts; a file ffprobe cannot read fails at once.
 * Stopping kills ffmpeg and puts the job back in the queue, the try not counted; a worker that dies leaves its claim to
 * lapse, and the job is taken again.
 */
export class VideoWorker extends PollingWorker {
  private current: AbortController | null = null;
  private readonly o: Required<Omit<VideoWorkerOptions, 'log'>> & Pick<VideoWorkerOptions, 'log'>;

  constructor(options: VideoWorkerOptions) {
    const pollMs = options.pollMs ?? 30_000;
    super({ pollMs, name: 'video worker', log: options.log });
    this.o = { ...options, pollMs, leaseMs: options.leaseMs ?? 120_000 };
  }

  /** Stopping kills the job in hand (it goes back to the queue). */
  protected override interrupt(): void {
    this.current?.abort();
  }

  protected async takeDue() {
    const took = await this.runOnce();
    return { again: took, none: !took };
  }

  protected msUntilNextDue() {
    return msUntilNextJob(this.o.db);
  }

  /** One claim and its work; whether there was a job. */
  async runOnce(): Promise<boolean> {
    const claim = randomUUID();
    const job = await claimVideoJob(this.o.db, claim, this.o.leaseMs);
    if (!job) return false;
    await this.process(job, claim);
    return true;
  }

  private async process(job: VideoJobRow, claim: string): Promise<void> {
    const { db, storage } = this.o;
    const abort = new AbortController();
    this.current = abort;
    let lost = false;
    let source = job.source;
    let stored: string | null = null;
    const work = await mkdtemp(path.join(tmpdir(), 'nibras-video-'));
    try {
      let input = storage.localPath?.(source) ?? (await this.fetch(source, work));
      const info = await probe(this.o.ffprobe, input, abort.signal);
      if (source.endsWith('.mp4') && (await mp4IndexFirst(storage, source)) === false) {
        const remuxed = path.join(work, 'faststart.mp4');
        await faststart(this.o.ffmpeg, input, remuxed, abort.signal);
        const key = `lectures/${randomUUID()}.mp4`;
        await storage.put(key, createReadStream(remuxed));
        if (!(await moveSource(db, job.id, claim, source, key))) {
          lost = true;
          await storage.remove(key);
          return;
        }
        await removeVideoFiles(storage, source);
        source = key;
        input = remuxed;
      }
      const rungs = planLadder(info, this.o.ladder);
      const out = path.join(work, 'ladder');
      await mkdir(out);
      let reported = 0;
      let reporting = Promise.resolve();
      await transcodeLadder(this.o.ffmpeg, input, out, { rungs, probe: info, segmentSeconds: this.o.segmentSeconds }, {
        signal: abort.signal,
        onProgress: (share) => {
          const percent = Math.floor(share * ENCODING_SHARE);
          if (percent <= reported) return;
          reported = percent;
          reporting = reporting.then(async () => {
            if (!(await reportProgress(db, job.id, claim, percent, this.o.leaseMs).catch(() => true))) {
              lost = true;
              abort.abort();
            }
          });
        },
      });
      await reporting;
      await poster(this.o.ffmpeg, input, path.join(out, 'poster.jpg'), info, abort.signal);
      await writeFile(path.join(out, 'thumbs.vtt'), thumbnailsVtt(info.seconds));
      stored = ladderPrefix(source);
      for (const file of await readdir(out, { recursive: true, withFileTypes: true })) {
        if (!file.isFile()) continue;
        const full = path.join(file.parentPath, file.name);
        await storage.put(stored + path.relative(out, full).split(path.sep).join('/'), createReadStream(full));
      }
      if (!(await markReady(db, job.id, claim, rungs.map((r) => Number.parseInt(r.name, 10))))) {
        lost = true;
        await storage.removeTree(stored);
        return;
      }
      this.o.log?.('info', `video job ${job.id}: lecture ${job.lectureId} ready (${rungs.map((r) => r.name).join(', ')})`);
    } catch (error) {
      if (stored) await storage.removeTree(stored).catch(() => undefined);
      if (lost) return;
      if (this.stopped) {
        await releaseClaim(db, job.id, claim).catch(() => undefined);
        return;
      }
      const stage = error instanceof FfmpegError ? error.stage : 'storage';
      const failed = stage === 'probe' || job.attempts >= this.o.maxAttempts;
      const detail = error instanceof Error ? error.message : String(error);
      await markTryFailed(db, job.id, claim, {
        errorCode: REASONS[stage],
        detail,
        failed,
        retryInMs: failed ? 0 : this.o.retryBaseMs * 2 ** (job.attempts - 1),
      }).catch((cause: unknown) => this.o.log?.('error', `video job ${job.id}: its failure could not be recorded`, cause));
      this.o.log?.(failed ? 'error' : 'warn', `video job ${job.id} (lecture ${job.lectureId}): ${failed ? 'failed' : 'will retry'}: ${detail}`);
    } finally {
      this.current = null;
      await rm(work, { recursive: true, force: true });
    }
  }

  /** A copy of the source in the work folder, from object storage (ffmpeg reads a file). */
  private async fetch(key: string, work: string): Promise<string> {
    const file = path.join(work, `source${path.extname(key)}`);
    await pipeline(this.o.storage.read(key), createWriteStream(file));
    return file;
  }
}
