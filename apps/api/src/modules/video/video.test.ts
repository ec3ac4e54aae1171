import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { testDatabase } from '../../../test/harness';
import { addLectures, createCourse } from '../../../test/factories';
import { startTestBucket } from '../../../test/s3';
import { until } from '../../../test/until';
import { lectures, videoJobs } from '../../db/schema';
import { diskStorage } from '../../lib/storage';
import { CLIP, authoringSuite, createDraft, expectOk, signedInCaller, type Caller } from '../authoring/authoring.test-kit';
import { mp4IndexFirst } from '../authoring/video-duration';
import { AUDIO_KBPS, planLadder, thumbnailsVtt } from './video.ffmpeg';
import { ladderPrefix, removeVideoFiles } from './video-files';
import { queueLadder } from './video.service';
import { VideoWorker, type VideoWorkerOptions } from './video.worker';

const suite = authoringSuite();
const work = mkdtempSync(path.join(tmpdir(), 'nibras-video-test-'));
/** 9 s of 640x360 with sound, as ffmpeg writes it by default: the index (moov) after the media, as many cameras do. */
const SOURCE = path.join(work, 'lecture.mp4');
const cleanups: (() => unknown)[] = [];

beforeAll(() => {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=9', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=9',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', SOURCE]);
});
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * An ffmpeg for one test: the ladder run (the one with -filter_complex) does `ladder` (hold: stays until killed, the
 * first time only; fail: exits 1 every time); every other run is Debian's ffmpeg.
 */
function ffmpegThat(ladder: 'hold' | 'fail') {
  const dir = mkdtempSync(path.join(work, 'ffmpeg-'));
  const script = path.join(dir, 'ffmpeg');
  const started = path.join(dir, 'started');
  const body =
    ladder === 'hold'
      ? `if [ ! -e "${started}" ]; then touch "${started}"; exec sleep 600; fi`
      : `touch "${started}"; echo "simulated encoder failure" >&2; exit 1`;
  writeFileSync(script, `#!/bin/sh\nfor a in "$@"; do if [ "$a" = "-filter_complex" ]; then ${body}; fi; done\nexec ffmpeg "$@"\n`);
  chmodSync(script, 0o755);
  return { path: script, started: () => existsSync(started) };
}

async function worker(options: Partial<VideoWorkerOptions> = {}) {
  const { db } = await testDatabase();
  const w = new VideoWorker({
    db,
    storage: diskStorage(suite.uploads),
    ffmpeg: 'ffmpeg',
    ffprobe: 'ffprobe',
    ladder: [240, 360, 720, 1080],
    segmentSeconds: 4,
    maxAttempts: 3,
    retryBaseMs: 0,
    pollMs: 50,
    ...options,
  });
  cleanups.push(() => w.stop());
  return w;
}

/** The workers here must see only this file's jobs: other files' uploads (same database) wait until the test ends. */
async function onlyTheseLectures(ids: number[]) {
  const { db } = await testDatabase();
  const parked = await db
    .update(videoJobs)
    .set({ nextAttemptAt: sql`'infinity'` })
    .where(and(sql`${videoJobs.lectureId} <> all(${sql.raw(`array[${ids.join(',')}]::int[]`)})`, ne(videoJobs.status, 'ready')))
    .returning({ id: videoJobs.id });
  cleanups.push(() => parked.length && db.update(videoJobs).set({ nextAttemptAt: sql`now()` }).where(sql`${videoJobs.id} = any(${sql.raw(`array[${parked.map((p) => p.id).join(',')}]::int[]`)})`));
}

async function lectureWithVideo(api: Caller, bytes: Buffer) {
  const course = await createDraft(api);
  const outline = expectOk(await api.post('addUpdate/step4', { id: course.id, sections: [{ title: 'Week 1', lectures: [{ title: 'Welcome' }] }] })).data;
  const lectureId = outline.sections[0].lectures[0].id as number;
  expectOk(await api.upload('step4/upload', { id: course.id, lecture_id: lectureId }, { name: 'lecture.mp4', type: 'video/mp4', bytes }));
  await onlyTheseLectures([lectureId]);
  return { courseId: course.id, lectureId };
}

async function streamingOf(api: Caller, courseId: number, lectureId: number) {
  const lecture = expectOk(await api.get(`step4/lecture/${courseId}/${lectureId}`)).data;
  return lecture.streaming as { status: string; progress: number; error: string | null; heights: number[] } | null;
}

async function jobOf(lectureId: number) {
  const { db } = await testDatabase();
  const [job] = await db.select().from(videoJobs).where(eq(videoJobs.lectureId, lectureId));
  return job!;
}

async function videoKeyOf(lectureId: number) {
  const { db } = await testDatabase();
  const [row] = await db.select({ video: lectures.video }).from(lectures).where(eq(lectures.id, lectureId));
  return row!.video!;
}

const hlsFolder = (videoKey: string) => path.join(suite.uploads, 'hls', path.basename(videoKey, path.extname(videoKey)));

// ffmpeg runs at a lower priority than everything else (video.ffmpeg.ts): on a loaded machine it waits its turn.
describe('the streaming ladder', { timeout: 120_000 }, () => {
  it('is queued at upload, survives a worker stopped half-way, and ends as a ladder never above the source, with its index-first original', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { courseId, lectureId } = await lectureWithVideo(api, readFileSync(SOURCE));
    const uploaded = await videoKeyOf(lectureId);
    expect(await streamingOf(api, courseId, lectureId)).toEqual({ status: 'queued', progress: 0, error: null, heights: [] });

    // A worker takes the job and is stopped (a deploy) while ffmpeg encodes: the job goes back to the queue, the try not counted.
    const held = ffmpegThat('hold');
    const first = await worker({ ffmpeg: held.path });
    first.start();
    await until(held.started, 'the ladder run begins', 60_000);
    expect((await jobOf(lectureId)).status).toBe('processing');
    expect((await streamingOf(api, courseId, lectureId))?.status).toBe('processing');
    await first.stop();
    expect(await jobOf(lectureId)).toMatchObject({ status: 'queued', attempts: 0, claimToken: null });

    // Before the ladder, the original was remuxed with its index first, and the lecture plays that copy.
    const remuxed = await videoKeyOf(lectureId);
    const storage = diskStorage(suite.uploads);
    expect(remuxed).not.toBe(uploaded);
    expect(await mp4IndexFirst(storage, uploaded)).toBeNull();
    expect(await mp4IndexFirst(storage, remuxed)).toBe(true);
    expect(existsSync(path.join(suite.uploads, uploaded))).toBe(false);

    const second = await worker({ ffmpeg: held.path });
    second.start();
    await second.drained();
    expect(await streamingOf(api, courseId, lectureId)).toEqual({ status: 'ready', progress: 100, error: null, heights: [240, 360] });
    expect(await videoKeyOf(lectureId)).toBe(remuxed);

    const folder = hlsFolder(remuxed);
    const master = readFileSync(path.join(folder, 'master.m3u8'), 'utf8');
    expect(master.match(/RESOLUTION=\d+x\d+/g)).toEqual(['RESOLUTION=426x240', 'RESOLUTION=640x360']);
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);
    for (const rung of ['240p', '360p']) {
      const playlist = readFileSync(path.join(folder, rung, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      const lengths = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
      expect(lengths).toEqual([4, 4, 1]);
      for (const segment of playlist.split('\n').filter((line) => line.endsWith('.ts'))) expect(existsSync(path.join(folder, rung, segment))).toBe(true);
    }
    expect(readdirSync(folder)).not.toContain('720p');
    expect(readFileSync(path.join(folder, 'poster.jpg')).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(readFileSync(path.join(folder, 'thumbs-001.jpg')).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(readFileSync(path.join(folder, 'thumbs.vtt'), 'utf8')).toContain('00:00:05.000 --> 00:00:09.000\nthumbs-001.jpg#xywh=160,0,160,90');

    // Unlinking the video removes its ladder too.
    expectOk(await api.post('step4/unlink', { id: courseId, lecture_id: lectureId }));
    expect(existsSync(folder)).toBe(false);
    expect(await streamingOf(api, courseId, lectureId)).toBeNull();
  });

  it('retries a failed encoding, then fails with a reason the instructor reads, keeping the original playable', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    const { courseId, lectureId } = await lectureWithVideo(api, CLIP);
    const failing = ffmpegThat('fail');
    const w = await worker({ ffmpeg: failing.path, maxAttempts: 2 });
    w.start();
    await w.drained();
    const job = await jobOf(lectureId);
    expect(job).toMatchObject({ status: 'failed', attempts: 2, errorCode: 'video.failed.transcode' });
    expect(job.lastError).toContain('simulated encoder failure');
    expect(await streamingOf(api, courseId, lectureId)).toEqual({ status: 'failed', progress: 0, error: 'video.failed.transcode', heights: [] });
    expect(existsSync(hlsFolder(await videoKeyOf(lectureId)))).toBe(false);
    expect(existsSync(path.join(suite.uploads, await videoKeyOf(lectureId)))).toBe(true);

    // A new upload starts again from the queue.
    await w.stop();
    expectOk(await api.upload('step4/upload', { id: courseId, lecture_id: lectureId }, { name: 'again.mp4', type: 'video/mp4', bytes: CLIP }));
    expect(await streamingOf(api, courseId, lectureId)).toEqual({ status: 'queued', progress: 0, error: null, heights: [] });
  });

  it('takes again the job of a worker that died, and fails a file ffprobe cannot read at once', async () => {
    const { api } = await signedInCaller(suite.app, 'instructor');
    // A real MP4's first bytes (so the upload's checks pass) and then nothing a decoder can use.
    const broken = Buffer.concat([CLIP.subarray(0, 64), Buffer.alloc(200_000, 7)]);
    const { courseId, lectureId } = await lectureWithVideo(api, broken);
    const { db } = await testDatabase();
    // Its worker claimed it and died: the lease ran out.
    await db.update(videoJobs).set({ status: 'processing', attempts: 1, claimToken: 'dead-worker', claimedUntil: sql`now() - interval '1 second'` }).where(eq(videoJobs.lectureId, lectureId));
    const w = await worker();
    w.start();
    await w.drained();
    expect(await jobOf(lectureId)).toMatchObject({ status: 'failed', attempts: 2, errorCode: 'video.failed.unreadable' });
    expect((await streamingOf(api, courseId, lectureId))?.error).toBe('video.failed.unreadable');
  });
});

describe('the streaming ladder with STORAGE=s3', { timeout: 120_000 }, () => {
  it('reads the video from the bucket, puts the remuxed copy and the ladder there, and removes them with the video', async () => {
    const bucket = await startTestBucket();
    cleanups.push(() => bucket.close());
    const list = async (prefix: string) =>
      ((await bucket.storage.client.send(new ListObjectsV2Command({ Bucket: bucket.settings.bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!.slice(prefix.length)).sort();
    const uploaded = `lectures/${crypto.randomUUID()}.mp4`;
    await bucket.storage.put(uploaded, Readable.from([readFileSync(SOURCE)]));
    const course = await createCourse();
    const { lectures: [lecture] } = await addLectures(course.id, 1, { video: uploaded });
    const { db } = await testDatabase();
    await queueLadder(db, lecture!.id, uploaded);
    await onlyTheseLectures([lecture!.id]);
    const w = await worker({ storage: bucket.storage });
    w.start();
    await w.drained();
    expect(await jobOf(lecture!.id)).toMatchObject({ status: 'ready', heights: [240, 360] });
    const remuxed = await videoKeyOf(lecture!.id);
    expect(remuxed).not.toBe(uploaded);
    expect(await bucket.storage.size(uploaded)).toBeNull();
    expect(await mp4IndexFirst(bucket.storage, remuxed)).toBe(true);
    const ladder = await list(ladderPrefix(remuxed));
    expect(ladder).toEqual(expect.arrayContaining(['master.m3u8', '240p/index.m3u8', '240p/seg-0000.ts', '360p/seg-0002.ts', 'poster.jpg', 'thumbs-001.jpg', 'thumbs.vtt']));
    await removeVideoFiles(bucket.storage, remuxed);
    expect(await list(ladderPrefix(remuxed))).toEqual([]);
    expect(await bucket.storage.size(remuxed)).toBeNull();
  });
});

describe('the ladder plan', () => {
  it('never upscales, and keeps the picture shape in even pixels', () => {
    expect(planLadder({ width: 1920, height: 1080 }, [240, 360, 720, 1080]).map((r) => `${r.width}x${r.height}`)).toEqual(['426x240', '640x360', '1280x720', '1920x1080']);
    expect(planLadder({ width: 1280, height: 720 }, [240, 360, 720, 1080]).map((r) => r.name)).toEqual(['240p', '360p', '720p']);
    // Below the lowest rung: one rung at the source's own size; between two rungs, its own size on top.
    expect(planLadder({ width: 320, height: 180 }, [240, 360]).map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(['180p 320x180']);
    expect(planLadder({ width: 320, height: 180 }, [144, 240, 360]).map((r) => r.name)).toEqual(['144p', '180p']);
    expect(planLadder({ width: 854, height: 480 }, [144, 240, 360, 720, 1080]).map((r) => `${r.name} ${r.width}x${r.height}`)).toEqual(['144p 256x144', '240p 428x240', '360p 640x360', '480p 854x480']);
    // Above the highest: capped there.
    expect(planLadder({ width: 2560, height: 1440 }, [240, 720, 1080]).map((r) => r.name)).toEqual(['240p', '720p', '1080p']);
    // A 144p rung, where VIDEO_LADDER has one, is one a slow 3G line (400 kb/s) carries with its sound.
    const lowest = planLadder({ width: 1920, height: 1080 }, [144, 240])[0]!;
    expect([lowest.name, `${lowest.width}x${lowest.height}`]).toEqual(['144p', '256x144']);
    expect(lowest.videoKbps + AUDIO_KBPS).toBeLessThanOrEqual(300);
    // Upright phone video: rungs by its shorter side.
    expect(planLadder({ width: 1080, height: 1920 }, [240, 720, 1080]).map((r) => `${r.width}x${r.height}`)).toEqual(['240x426', '720x1280', '1080x1920']);
  });

  it('maps every stretch of the video to its thumbnail in the sheets', () => {
    const vtt = thumbnailsVtt(12);
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt).toContain('00:00:00.000 --> 00:00:05.000\nthumbs-001.jpg#xywh=0,0,160,90');
    expect(vtt).toContain('00:00:10.000 --> 00:00:12.000\nthumbs-001.jpg#xywh=320,0,160,90');
    // The 101st thumbnail starts the second sheet.
    expect(thumbnailsVtt(505)).toContain('00:08:20.000 --> 00:08:25.000\nthumbs-002.jpg#xywh=0,0,160,90');
  });
});
