/**
 * `npx tsx bench/first-frame.ts` (part `first-frame` of `npm run bench`): how soon a lecture starts on a phone's
 * connection (issue 27, point 6), its streaming ladder beside today's progressive MP4, in the same run.
 *
 * The lecture: a 10-minute 1080p video at 6 Mb/s with sound (BENCH_FIRST_FRAME_MINUTES), as a camera writes it (H.264,
 * its index at the end). To keep the run short, one minute is encoded and repeated: the MP4s are that minute joined
 * ten times without re-encoding (so their index is a 10-minute one's), and the ladder is the video worker's own
 * (`transcodeLadder`, every rung of the default ladder) of that minute, its playlists listing the minute's segments ten
 * times over (with discontinuity tags): what a player fetches to start, its playlists and first segments, is what a
 * whole 10-minute ladder would give it. Three lectures of the demo data are pointed at them:
 *  - "mp4, index at end": the file as uploaded (what a lecture played before issue 27);
 *  - "mp4, index first": the same remuxed index-first (what plays until the ladder is ready);
 *  - "hls": the ladder, through hls.js in the learner's player.
 * For each, in headless Chromium (empty cache, 375 x 800, the network emulated by CDP), a participant opens the
 * lecture and presses play (muted) as soon as the player has its source, before any of the video has arrived:
 *  - time to first frame: from play() to the first frame presented (requestVideoFrameCallback), the median of
 *    BENCH_FIRST_FRAME_RUNS (3) visits;
 *  - bytes of video fetched (playlists, segments, the file's ranges) from opening the page to that frame;
 *  - rebuffering while it plays on for BENCH_FIRST_FRAME_WATCH_SECONDS (60): stalls (`waiting` events) and their
 *    total seconds, in one of the visits.
 * Profiles, Chrome DevTools' presets, emulated for every request of the page: "4G" (its Fast 4G: 9 Mb/s down less
 * 10 %, 165 ms of latency), "slow 4G" (1.6 Mb/s less 10 %, 563 ms: Lighthouse's mobile profile) and "slow 3G" (400 kb/s,
 * 2 s). BENCH_FIRST_FRAME_PROFILES picks some (comma-separated). Target: the ladder's first frame within 2 s on 4G.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../apps/api/src/db/client';
import { lectures, sections, videoJobs } from '../apps/api/src/db/schema';
import { faststart, planLadder, poster, probe, thumbnailsVtt, transcodeLadder } from '../apps/api/src/modules/video/video.ffmpeg';
import { queueLadder } from '../apps/api/src/modules/video/video.service';
import { launchBrowser } from '../apps/web/e2e/support/browser';
import { withServer } from './support';
import { recordBench } from './record';

const root = fileURLToPath(new URL('..', import.meta.url));
const MINUTES = Number(process.env.BENCH_FIRST_FRAME_MINUTES ?? 10);
const RUNS = Number(process.env.BENCH_FIRST_FRAME_RUNS ?? 3);
const WATCH_SECONDS = Number(process.env.BENCH_FIRST_FRAME_WATCH_SECONDS ?? 60);
const LADDER = [240, 360, 720, 1080];
const SEGMENT_SECONDS = 4;
const TARGET_4G_MS = 2000;
const ONLY_PROFILES = process.env.BENCH_FIRST_FRAME_PROFILES?.split(',');

/**
 * Chrome DevTools' presets (front_end/core/sdk/NetworkManager.ts: Fast4GConditions, Slow4GConditions,
 * Slow3GConditions), for CDP's Network.emulateNetworkConditions: bytes per second, milliseconds.
 */
const PROFILES = {
  '4G': { latency: 60 * 2.75, downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9 },
  'slow 4G': { latency: 150 * 3.75, downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, uploadThroughput: ((750 * 1000) / 8) * 0.9 },
  'slow 3G': { latency: 400 * 5, downloadThroughput: ((500 * 1000) / 8) * 0.8, uploadThroughput: ((500 * 1000) / 8) * 0.8 },
} as const;
type Profile = keyof typeof PROFILES;
type Variant = 'mp4, index at end' | 'mp4, index first' | 'hls';
const VARIANTS: Variant[] = ['mp4, index at end', 'mp4, index first', 'hls'];

export interface FirstFrameFigure {
  variant: Variant;
  profile: Profile;
  firstFrameMs: number[];
  videoBytesPerVisit: number[];
  medianFirstFrameMs: number;
  /** Video bytes (encoded, as on the wire) fetched from opening the page to the first frame, in the median visit. */
  videoBytesBeforeFirstFrame: number;
  stalls: number;
  stalledSeconds: number;
  watchedSeconds: number;
}

function ffmpeg(args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** A rung playlist that lists its segments `times` over, as a lecture `times` as long would. */
function repeatPlaylist(text: string, times: number): string {
  const lines = text.trim().split('\n');
  const first = lines.findIndex((line) => line.startsWith('#EXTINF'));
  const end = lines.indexOf('#EXT-X-ENDLIST');
  const head = lines.slice(0, first);
  const body = lines.slice(first, end < 0 ? undefined : end);
  const out = [...head];
  for (let i = 0; i < times; i += 1) {
    if (i > 0) out.push('#EXT-X-DISCONTINUITY');
    out.push(...body);
  }
  return `${[...out, '#EXT-X-ENDLIST'].join('\n')}\n`;
}

/** The three lectures' files in `uploads`: ids for the MP4s and the ladder. */
async function makeLecture(uploads: string, work: string) {
  const minute = path.join(work, 'minute.mp4');
  console.log('first-frame: making a minute of 1080p and its ladder...');
  ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30:duration=60',
    '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=48000:duration=60',
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '6M', '-maxrate', '6.6M', '-bufsize', '12M', '-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', minute,
  ]);
  const list = path.join(work, 'list.txt');
  writeFileSync(list, Array.from({ length: MINUTES }, () => `file '${minute}'`).join('\n'));
  const ids = { end: randomUUID(), first: randomUUID(), hls: randomUUID() };
  mkdirSync(path.join(uploads, 'lectures'), { recursive: true });
  const atEnd = path.join(uploads, 'lectures', `${ids.end}.mp4`);
  ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', atEnd]);
  const indexFirst = path.join(uploads, 'lectures', `${ids.first}.mp4`);
  await faststart('ffmpeg', atEnd, indexFirst);
  linkSync(indexFirst, path.join(uploads, 'lectures', `${ids.hls}.mp4`));
  const out = path.join(uploads, 'hls', ids.hls);
  mkdirSync(out, { recursive: true });
  const info = await probe('ffprobe', minute);
  const rungs = planLadder(info, LADDER);
  await transcodeLadder('ffmpeg', minute, out, { rungs, probe: info, segmentSeconds: SEGMENT_SECONDS });
  for (const rung of rungs) {
    const file = path.join(out, rung.name, 'index.m3u8');
    writeFileSync(file, repeatPlaylist(readFileSync(file, 'utf8'), MINUTES));
  }
  await poster('ffmpeg', minute, path.join(out, 'poster.jpg'), info);
  writeFileSync(path.join(out, 'thumbs.vtt'), thumbnailsVtt(info.seconds));
  return { ids, heights: rungs.map((r) => r.height) };
}

interface Demo {
  token: string;
  session: string;
  courses: number[];
}

/** The demo participant, enrolled in three free courses. */
async function demoLearner(base: string): Promise<Demo> {
  const login = (await (await fetch(`${base}/api/participant/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'participant@example.com', password: 'nibras-demo', returnSecureToken: true }) })).json()) as {
    data: { token: string; expiresIn: number };
  };
  const token = login.data.token;
  const courses: number[] = [];
  for (let id = 1; courses.length < VARIANTS.length && id < 50; id += 1) {
    const order = (await (await fetch(`${base}/api/participant/enrollcourse/order`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ course_id: id }) })).json()) as { data?: { order?: { status?: string } } };
    const learn = await fetch(`${base}/api/participant/learn/${id}`, { headers: { authorization: `Bearer ${token}` } });
    if (learn.ok && order.data?.order) courses.push(id);
  }
  if (courses.length < VARIANTS.length) throw new Error('first-frame: the demo data has fewer than three free courses');
  return { token, session: JSON.stringify({ ...login.data, expireDate: Date.now() + login.data.expiresIn * 1000 }), courses };
}

/** Points each course's first lecture at its variant, straight in the database (the server stopped). */
async function pointLectures(dataDir: string, courses: number[], files: Awaited<ReturnType<typeof makeLecture>>) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
  try {
    const { db } = database;
    for (const [i, variant] of VARIANTS.entries()) {
      const [first] = await db
        .select({ id: lectures.id })
        .from(lectures)
        .innerJoin(sections, eq(sections.id, lectures.sectionId))
        .where(eq(sections.courseId, courses[i]!))
        .orderBy(asc(sections.position), asc(lectures.position))
        .limit(1);
      const id = variant === 'hls' ? files.ids.hls : variant === 'mp4, index first' ? files.ids.first : files.ids.end;
      const video = `lectures/${id}.mp4`;
      await db.update(lectures).set({ video, durationSeconds: MINUTES * 60 }).where(eq(lectures.id, first!.id));
      await db.delete(videoJobs).where(eq(videoJobs.lectureId, first!.id));
      if (variant === 'hls') {
        await queueLadder(db, first!.id, video);
        await db.update(videoJobs).set({ status: 'ready', progress: 100, heights: files.heights }).where(and(eq(videoJobs.lectureId, first!.id)));
      }
    }
  } finally {
    await database.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One visit: open the lecture on `profile`, let the page settle, press play; the time to the first frame, the video bytes until then, and (when `watch`) the stalls while it plays on. */
async function visit(browser: Browser, base: string, demo: Demo, courseId: number, profile: Profile, watch: boolean) {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  try {
    await context.addInitScript((session) => {
      localStorage.setItem('participantDetails', session);
      localStorage.setItem('language', 'ar');
    }, demo.session);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILES[profile] });
    const media = new Map<string, boolean>();
    let videoBytes = 0;
    let counting = true;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (new URL(event.request.url).pathname.startsWith('/api/media/')) media.set(event.requestId, true);
    });
    cdp.on('Network.dataReceived', (event) => {
      if (counting && media.has(event.requestId)) videoBytes += event.encodedDataLength;
    });
    await page.goto(`${base}/participant/learn/${courseId}`, { timeout: 120_000 });
    // Play is pressed as soon as the player has its source (the file's address, or hls.js attached): a learner who
    // opens a lecture to watch it, before anything of the video has arrived.
    await page.waitForFunction(() => !!document.querySelector<HTMLVideoElement>('video.learn-video')?.currentSrc, undefined, { timeout: 120_000, polling: 'raf' });
    const firstFrameMs = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const video = document.querySelector<HTMLVideoElement>('video.learn-video')!;
          const started = performance.now();
          video.muted = true;
          video.requestVideoFrameCallback(() => resolve(performance.now() - started));
          video.play().catch(reject);
        }),
    );
    counting = false;
    if (!watch) return { firstFrameMs, videoBytes, stalls: 0, stalledSeconds: 0, watchedSeconds: 0 };
    const watched = await page.evaluate(
      (seconds) =>
        new Promise<{ stalls: number; stalledSeconds: number; watchedSeconds: number }>((resolve) => {
          const video = document.querySelector<HTMLVideoElement>('video.learn-video')!;
          let stalls = 0;
          let stalledMs = 0;
          let since: number | null = null;
          video.addEventListener('waiting', () => {
            stalls += 1;
            since = performance.now();
          });
          video.addEventListener('playing', () => {
            if (since !== null) stalledMs += performance.now() - since;
            since = null;
          });
          const start = video.currentTime;
          setTimeout(() => {
            if (since !== null) stalledMs += performance.now() - since;
            resolve({ stalls, stalledSeconds: stalledMs / 1000, watchedSeconds: video.currentTime - start });
          }, seconds * 1000);
        }),
      WATCH_SECONDS,
    );
    return { firstFrameMs, videoBytes, ...watched };
  } finally {
    await context.close();
  }
}

export async function firstFrameBenchmark(): Promise<FirstFrameFigure[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-first-frame-'));
  const work = mkdtempSync(path.join(tmpdir(), 'nibras-bench-first-frame-work-'));
  const webDist = path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('web build failed');
  }
  const env = { WEB_DIST: webDist, VIDEO_WORKERS: '0' };
  try {
    const files = await makeLecture(path.join(dataDir, 'uploads'), work);
    const demo = await withServer(dataDir, env, (base) => demoLearner(base));
    await pointLectures(dataDir, demo.courses, files);
    const browser = await launchBrowser();
    try {
      return await withServer(dataDir, env, async (base) => {
        const figures: FirstFrameFigure[] = [];
        for (const profile of (Object.keys(PROFILES) as Profile[]).filter((p) => !ONLY_PROFILES || ONLY_PROFILES.includes(p))) {
          for (const [i, variant] of VARIANTS.entries()) {
            const visits: Awaited<ReturnType<typeof visit>>[] = [];
            for (let run = 0; run < RUNS; run += 1) visits.push(await visit(browser, base, demo, demo.courses[i]!, profile, run === 0));
            const middle = visits.find((v) => v.firstFrameMs === median(visits.map((x) => x.firstFrameMs)))!;
            const figure: FirstFrameFigure = {
              variant,
              profile,
              firstFrameMs: visits.map((v) => Math.round(v.firstFrameMs)),
              videoBytesPerVisit: visits.map((v) => v.videoBytes),
              medianFirstFrameMs: Math.round(middle.firstFrameMs),
              videoBytesBeforeFirstFrame: middle.videoBytes,
              stalls: visits[0]!.stalls,
              stalledSeconds: Math.round(visits[0]!.stalledSeconds * 10) / 10,
              watchedSeconds: Math.round(visits[0]!.watchedSeconds * 10) / 10,
            };
            console.log(`first-frame: ${profile}, ${variant}: ${figure.medianFirstFrameMs} ms (${figure.firstFrameMs.join(', ')}), ${(figure.videoBytesBeforeFirstFrame / 1024).toFixed(0)} KB before it`);
            figures.push(figure);
          }
        }
        return figures;
      });
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

export function printFirstFrame(figures: FirstFrameFigure[]) {
  console.log(`\nLecture start, ${MINUTES}-minute 1080p lecture, phone (375 px), press play to first frame (median of ${RUNS}), then ${WATCH_SECONDS} s watched:`);
  console.log('  profile   way                 first frame   video bytes before   stalls (s) in the first minute');
  for (const f of figures) {
    console.log(`  ${f.profile.padEnd(9)} ${f.variant.padEnd(19)} ${`${f.medianFirstFrameMs} ms`.padStart(11)}   ${`${(f.videoBytesBeforeFirstFrame / 1024).toFixed(0)} KB`.padStart(18)}   ${f.stalls} (${f.stalledSeconds} s), ${f.watchedSeconds} s played`);
  }
  const hls4g = figures.find((f) => f.profile === '4G' && f.variant === 'hls');
  if (hls4g) console.log(`  target: the ladder's first frame within ${TARGET_4G_MS} ms on 4G: ${hls4g.medianFirstFrameMs <= TARGET_4G_MS ? 'met' : 'NOT met'} (${hls4g.medianFirstFrameMs} ms)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const figures = await firstFrameBenchmark();
  printFirstFrame(figures);
  recordBench('firstFrame', figures);
}
