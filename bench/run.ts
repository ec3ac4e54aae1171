/**
 * `npm run bench`: starts the app with demo data and measures, in one run,
 *  - GET /api/category/namelist against a bare Fastify route serving the same JSON from memory
 *    (requests/s, p50, p99, and the ratio; target: namelist >= half the bare route's throughput),
 *  - login latency (the argon2id cost),
 *  - the cold start of `npm start` on an empty data folder,
 *  - uploads (bench/upload.ts): MB/s of 20 MB, 200 MB and 1 GB lecture videos, multipart and resumable (tus; target at least 0.8 of multipart), against a plain file copy, and the server's peak memory,
 *  - transcoding (bench/transcode.ts): a 1080p lecture's index-first remux, streaming ladder and poster, in wall and CPU seconds per
 *    minute of video, and the ladder's bytes beside the original's,
 *  - a lecture's start (bench/first-frame.ts): time to the first frame on a phone over emulated 4G and slow 3G, the
 *    video bytes before it and the stalls in the first minute, for the ladder beside the MP4 as uploaded and index-first,
 *  - quizzes (bench/quiz.ts, on the PostgreSQL server): 200 participants submitting one assessment within 10 s, stored once, p99 beside a bare route,
 *  - a search storm (bench/search-storm.ts): 20 costly searches at once from one address on PGlite, and the p99 of the
 *    reads other visitors send meanwhile (target: under 1 s); then a burst of 60 from one address, and how long another
 *    address's search waits behind it,
 *  - public reads (bench/public-reads.ts) on PGlite and on the PostgreSQL server side by side: home, category, course list,
 *    course details with similar courses, reviews and an Arabic search, each against the name list (target: >= 0.25, no request over 1 s),
 *  - the large catalog (bench/large-catalog.ts, the data of `npm run seed:large`) on the PostgreSQL server and PGlite: home, a category,
 *    course details, Arabic and English searches, a participant's dashboard and player outline, each once from one URL (cached) and
 *    once rotating over every course, category page, 10,000 searches and 50 participants (uncached), with CPU ms per request of the
 *    API process and of PostgreSQL's backends, beside a bare route (targets in bench/large-catalog.ts),
 *  - memory (bench/memory.ts): the idle API process's resident memory on PGlite and on the PostgreSQL server, as `npm start`
 *    runs it (built, plain Node) and under the tsx loader (target on the server: under 200 MB),
 *  - the first visit (bench/first-visit.ts): the home page's gzipped script (target: at most 200 KB), bytes and largest contentful paint in Chromium (target: under 350 KB
 *    and 1 s), every public page's first-visit bytes (target: under 350 KB), and Lighthouse on home, a category, course details and
 *    search, desktop and mobile (target: >= 90 and >= 75, LCP < 2.5 s on mobile, layout shift < 0.1).
 *  - write bursts (bench/bursts.ts, on the PostgreSQL server's large catalog): 200 quiz submissions, 100 enrolments in one course
 *    and 200 messages to one instructor, each all at once beside a bare-route burst of the same size, stored exactly once, and
 *    where the time goes (CPU, the pool, lock waits).
 *  - bulk enrolment (bench/bulk-enrol.ts): CSV files of 500, 5,000 and 10,000 participants enrolled in a course by the admin, on PGlite and the PostgreSQL server, dry run
 *    and real run, in seconds, lines per second, the server's CPU seconds and its peak memory growth (target: 5,000 lines in
 *    under a minute, with flat memory).
 * Prints the figures and writes bench/results/latest.json. No pass/fail: machines are shared and noisy.
 *  - the gradebook (bench/gradebook.ts, on the PostgreSQL server): a course of 5,000 learners by 50 items read as an instructor
 *    browses it (every sort, filter, first pages, 100 name searches), one at a time and 10 at a time, with CPU ms per request,
 *    beside a bare route (target: a page under 500 ms).
 * Parts: BENCH_ONLY=namelist,upload,transcode,lecture-start,quiz,public,storm,memory,large,bursts,first-visit,bulk-enrol,gradebook (any of them, comma-separated) runs only
 * those, keeping the other figures in latest.json; e.g. `BENCH_ONLY=large,bursts npx tsx bench/run.ts`. The large catalog's own
 * settings (BENCH_LARGE_SCALE, BENCH_LARGE_DATABASES, BENCH_LARGE_MODES, BENCH_SEARCHES) are in bench/large-catalog.ts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { uploadBenchmark } from './upload';
import { printTranscode, transcodeBenchmark } from './transcode';
import { firstFrameBenchmark, printFirstFrame } from './first-frame';
import { quizBenchmark } from './quiz';
import { printPublicReads, publicReadsBenchmark } from './public-reads';
import { printSearchStorm, searchStormBenchmark } from './search-storm';
import { firstVisitBenchmark, printFirstVisit } from './first-visit';
import { memoryBenchmark, printMemory } from './memory';
import { largeCatalogBenchmark, printLargeCatalog } from './large-catalog';
import { burstsBenchmark, printBursts } from './bursts';
import { bulkEnrolBenchmark, printBulkEnrol } from './bulk-enrol';
import { gradebookBenchmark, printGradebook } from './gradebook';
import { freePort, waitFor, stop } from './support';

const root = fileURLToPath(new URL('..', import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_ONLY=large,bursts (a comma-separated list of the parts below): only those parts run; unset, all of them. */
export const BENCH_PARTS = ['namelist', 'upload', 'transcode', 'lecture-start', 'quiz', 'public', 'storm', 'memory', 'large', 'bursts', 'first-visit', 'bulk-enrol', 'gradebook'] as const;
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
for (const part of ONLY) if (!(BENCH_PARTS as readonly string[]).includes(part)) throw new Error(`BENCH_ONLY: no part named ${part} (parts: ${BENCH_PARTS.join(', ')})`);
const want = (part: (typeof BENCH_PARTS)[number]) => ONLY.length === 0 || ONLY.includes(part);




async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function namelistAndColdStart() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-'));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' };

  // Cold start: `npm start` (web build + migrations + demo seed) on an empty data folder,
  // until the API answers.
  const t0 = performance.now();
  const app = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  let banner = '';
  app.stdout!.on('data', (d) => (banner += d));
  const namelistUrl = `http://127.0.0.1:${port}/api/category/namelist`;
  await waitFor(namelistUrl, app);
  const coldStartMs = Math.round(performance.now() - t0);
  const serverReadyMs = Number(/ready in (\d+) ms/.exec(banner)?.[1] ?? NaN);

  const body = JSON.stringify((await (await fetch(namelistUrl)).json()));
  const barePort = await freePort();
  const bare = spawn(path.join(root, 'node_modules/.bin/tsx'), ['bench/bare-server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(barePort), BARE_BODY: body },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  try {
    await waitFor(bareUrl, bare);
    // Warm both up, then measure each in turn with the same load.
    await autocannon({ url: namelistUrl, connections: 10, duration: 2 });
    await autocannon({ url: bareUrl, connections: 10, duration: 2 });
    const namelist = await load(namelistUrl);
    const bareRoute = await load(bareUrl);

    const loginTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const s = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'nibras-demo', returnSecureToken: true }),
      });
      if (!res.ok) throw new Error(`login failed: ${res.status}`);
      loginTimes.push(performance.now() - s);
    }
    loginTimes.sort((a, b) => a - b);

    const ratio = Number((namelist.requestsPerSecond / bareRoute.requestsPerSecond).toFixed(3));
    const results = {
      date: new Date().toISOString(),
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      load: { connections: CONNECTIONS, durationSeconds: DURATION },
      namelist,
      bareRoute,
      throughputRatio: ratio,
      target: { throughputRatioAtLeast: 0.5, met: ratio >= 0.5 },
      login: { runs: loginTimes.length, p50ms: Math.round(quantile(loginTimes, 0.5)), p99ms: Math.round(quantile(loginTimes, 0.99)) },
      coldStart: { npmStartMs: coldStartMs, serverReadyMs },
    };
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    // The whole run starts the file afresh; a part of it (BENCH_ONLY) keeps the other parts' figures.
    const file = path.join(root, 'bench/results/latest.json');
    let previous: object = {};
    try {
      if (ONLY.length) previous = JSON.parse(readFileSync(file, 'utf8')) as object;
    } catch {
      // no earlier results
    }
    writeFileSync(file, JSON.stringify({ ...previous, ...results }, null, 2) + '\n');

    console.log('\nNibras benchmark');
    console.log(`  GET /api/category/namelist  ${namelist.requestsPerSecond} req/s  p50 ${namelist.p50ms} ms  p99 ${namelist.p99ms} ms  (non-2xx ${namelist.non2xx})`);
    console.log(`  bare Fastify route          ${bareRoute.requestsPerSecond} req/s  p50 ${bareRoute.p50ms} ms  p99 ${bareRoute.p99ms} ms`);
    console.log(`  ratio namelist/bare         ${ratio}  (target >= 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
    console.log(`  login (argon2id)            p50 ${results.login.p50ms} ms  p99 ${results.login.p99ms} ms over ${loginTimes.length} logins`);
    console.log(`  cold start of npm start     ${coldStartMs} ms (web build + server; server alone ready in ${serverReadyMs} ms)`);
    console.log('  written to bench/results/latest.json');
  } finally {
    await stop(bare);
    // npm start runs the server as a grandchild: stop the whole group.
    try {
      process.kill(-app.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const latest = path.join(root, 'bench/results/latest.json');
  const record = (key: string, value: unknown) => {
    mkdirSync(path.dirname(latest), { recursive: true });
    let previous: object = {};
    try {
      previous = JSON.parse(readFileSync(latest, 'utf8')) as object;
    } catch {
      // no earlier results
    }
    writeFileSync(latest, JSON.stringify({ ...previous, [key]: value }, null, 2) + '\n');
  };
  if (want('namelist')) await namelistAndColdStart();

  // Uploads run against a server of their own, once the load-test server is gone.
  if (want('upload')) record('upload', await uploadBenchmark());

  // A lecture's streaming ladder: ffmpeg's seconds per minute of video on this machine, and the disk it takes.
  if (want('transcode')) {
    const transcode = await transcodeBenchmark();
    printTranscode(transcode);
    record('transcode', transcode);
  }

  // How soon a lecture starts on a phone's connection: the ladder beside the MP4 (needs the web build).
  if (want('lecture-start')) {
    const start = await firstFrameBenchmark();
    printFirstFrame(start);
    record('firstFrame', start);
  }

  // Quizzes run against the PostgreSQL server, on a database of their own.
  if (want('quiz')) record('quiz', await quizBenchmark());

  // Public reads: a server of their own on each database, one after the other.
  if (want('public')) {
    const publicReads = await publicReadsBenchmark();
    publicReads.forEach(printPublicReads);
    record('publicReads', publicReads);
  }

  // A storm of searches from one address on PGlite, and what the rest of the site answers meanwhile (issue 25, point 2).
  if (want('storm')) {
    const searchStorm = await searchStormBenchmark();
    printSearchStorm(searchStorm);
    record('searchStorm', searchStorm);
  }

  // The idle server's memory, as `npm start` runs it and under the tsx loader it ran with before.
  if (want('memory')) {
    const memory = await memoryBenchmark();
    printMemory(memory);
    record('memory', memory);
  }

  // The large catalog (npm run seed:large) on the PostgreSQL server and on PGlite, each read cached and uncached beside a bare
  // route, and the write bursts on the server's seeded database after its reads (or alone, when the large catalog is left out).
  if (want('large')) {
    const largeCatalog = await largeCatalogBenchmark({ bursts: want('bursts'), onResult: printLargeCatalog });
    record('largeCatalog', largeCatalog);
    const bursts = largeCatalog.find((r) => r.bursts)?.bursts;
    if (bursts) record('bursts', bursts);
  } else if (want('bursts')) {
    const bursts = await burstsBenchmark();
    printBursts(bursts);
    record('bursts', bursts);
  }

  // An admin's CSV list of 500 and of 5,000 participants into a course (issue 28, point 7).
  if (want('bulk-enrol')) {
    const bulkEnrol = await bulkEnrolBenchmark();
    printBulkEnrol(bulkEnrol);
    record('bulkEnrol', bulkEnrol);
  }
  if (want('gradebook')) {
    const gradebook = await gradebookBenchmark();
    printGradebook(gradebook);
    record('gradebook', gradebook);
  }

  // The first visit, in Chromium and Lighthouse, of the web app `npm start` built above (built here when that part was left out).
  if (want('first-visit')) {
    const firstVisit = await firstVisitBenchmark({ build: !want('namelist') });
    printFirstVisit(firstVisit);
    record('firstVisit', firstVisit);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
