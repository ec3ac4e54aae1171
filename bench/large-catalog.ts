/**
 * Reads of the large catalog under load (part of `npm run bench`, or alone: `npx tsx bench/large-catalog.ts`).
 * Seeds the catalog of `npm run seed:large` (10,000 courses, 50,000 participants, 200,000 enrolments;
 * BENCH_LARGE_SCALE to change it) once on the PostgreSQL server (a fresh database on BENCH_PG_URL) and
 * once on PGlite (a temporary DATA_DIR), starts the API server on each (built, as `npm start` runs it) and
 * loads, one after the other at BENCH_CONNECTIONS (50) connections, each read twice:
 *
 *  - cached: one URL for BENCH_DURATION (10) s: after its first request the public-read cache (15 s,
 *    plugins/public-cache.ts) answers it. Home, a category page, course details, four searches, and the
 *    dashboard and player of one participant (never cached: signed in, but the same rows every time);
 *  - uncached: rotating workloads the cache cannot answer, each URL sent once (no URL twice within the
 *    cache's 15 s, checked: distinct paths sent against requests): every public course's details in random
 *    order, every category × sort × page in random order, BENCH_SEARCHES (10,000) distinct searches made
 *    from the seeded titles' words (bench/search-queries.ts: Arabic and English, tashkeel, other spellings,
 *    typos, both scripts), and the dashboards and players of 50 participants in turn (for BENCH_DURATION s).
 *    A slice of each list (never measured) warms the server up first.
 *
 * For each read: requests/s, p50, p99, and CPU milliseconds per request of the API process and of the
 * PostgreSQL backends serving the benchmark's database (bench/cpu.ts: /proc before and after; on PGlite
 * the database runs inside the API process, so its CPU is in the API figure), beside the bare Fastify
 * route measured (and its CPU) in the same run. Targets, printed met / NOT met (no assertion): cached reads
 * on the server at least half the bare route's throughput or 1,000 requests/s, p99 under 100 ms; uncached
 * course and category pages at most 1.5 ms of API CPU and 1 ms of PostgreSQL CPU per request, p99 under
 * 100 ms; uncached searches at most 3 ms and 5 ms, p99 under 250 ms; the 50 participants' dashboards and
 * players at most 0.75 ms of API CPU. Written into bench/results/latest.json under `largeCatalog`.
 *
 * Parts: BENCH_LARGE_DATABASES=postgresql,pglite (default both), BENCH_LARGE_MODES=cached,uncached (default
 * both), BENCH_ONLY=...,bursts (bench/run.ts) also runs the write bursts (bench/bursts.ts) on the server's
 * seeded database after the reads.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client';
import { LARGE_PASSWORD, largeParticipantEmail, seedLarge } from '../apps/api/src/seed/large/seed';
import { burstsOn, printBursts, type BurstsResult } from './bursts';
import { perRequest, procAvailable, startCpuMeter } from './cpu';
import { databaseNameOf, withFreshDatabase } from './databases';
import { searchQueries, type SearchQueries } from './search-queries';
import { recordBench } from './record';
import { withBareServer, withServer } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SCALE = Number(process.env.BENCH_LARGE_SCALE ?? 1);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10_000);
const PARTICIPANTS = 50;
const PER_PAGE = 12;
const SORTS = ['newest', 'rating', 'popular', 'price_asc', 'price_desc'] as const;
const DATABASES = (process.env.BENCH_LARGE_DATABASES ?? 'postgresql,pglite').split(',').map((s) => s.trim());
const MODES = (process.env.BENCH_LARGE_MODES ?? 'cached,uncached').split(',').map((s) => s.trim());
const TARGET = { shareOfBareAtLeast: 0.5, orRequestsPerSecondAtLeast: 1000, p99UnderMs: 100 };
/** Per uncached read group: CPU ms per request at most (API, PostgreSQL) and p99. */
const UNCACHED_TARGETS: Record<string, { apiMs: number; postgresMs?: number; p99UnderMs?: number }> = {
  'course page': { apiMs: 1.5, postgresMs: 1, p99UnderMs: 100 },
  'category page': { apiMs: 1.5, postgresMs: 1, p99UnderMs: 100 },
  search: { apiMs: 3, postgresMs: 5, p99UnderMs: 250 },
  dashboard: { apiMs: 0.75 },
  player: { apiMs: 0.75 },
};

export interface CpuPerRequest {
  /** API process (with the database on PGlite). */
  api: number | null;
  /** PostgreSQL backends of the benchmark's database; null on PGlite. */
  postgres: number | null;
  /** The load generator (this process). */
  loader: number | null;
}

export interface LargeReadFigures {
  group: string;
  mode: 'cached' | 'uncached';
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
  requests: number;
  durationSeconds: number;
  /** Paths sent and how many were distinct (uncached: every one, or the cache could have answered). */
  sent: number;
  distinctPaths: number;
  cpuMsPerRequest: CpuPerRequest;
  /** PostgreSQL's shared auxiliary processes (WAL writer, checkpointer…) over the read, in ms: not per request. */
  postgresAuxiliaryMs: number | null;
  /** Share of the whole machine's CPU busy during the read (other jobs included): how much the machine was shared. */
  machineBusyShare: number | null;
  shareOfBare: number;
  /** The target for this read, and whether it was met. */
  target: string;
  met: boolean;
}
export interface LargeCatalogResult {
  database: 'pglite' | 'postgresql';
  scale: number;
  seedSeconds: number;
  date: string;
  machine: { cpus: number; loadAverageBefore: number[]; loadAverageAfter: number[] };
  connections: number;
  durationSeconds: number;
  cpuMethod: string;
  lists: { publicCourses: number; categoryPages: number; searches: number; searchMix: SearchQueries['mix']; participants: number };
  bareRoute: { requestsPerSecond: number; p50ms: number; p99ms: number; requests: number; cpuMsPerRequest: CpuPerRequest };
  reads: Record<string, LargeReadFigures>;
  target: typeof TARGET & { met: boolean; uncached: typeof UNCACHED_TARGETS; uncachedMet: boolean };
  wallSeconds: number;
  bursts?: BurstsResult;
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Read {
  name: string;
  group: string;
  mode: 'cached' | 'uncached';
  /** One request (cached), or a list: each sent once in order (`once`), or in turn for DURATION s. */
  requests: Request[];
  once?: boolean;
  /** Requests of the same kind (not among `requests`) to warm the server up with. */
  warmup: Request[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** autocannon over `list`: each once in order (`amount`), or in turn for `duration` s. Counts the paths it sent. */
async function load(base: string, list: Request[], opts: { once?: boolean; duration?: number; connections?: number } = {}) {
  let next = 0;
  const paths = new Set<string>();
  const first = list[0]!;
  const result = await autocannon({
    url: `${base}${first.path}`,
    connections: opts.connections ?? CONNECTIONS,
    ...(opts.once ? { amount: list.length } : { duration: opts.duration ?? DURATION }),
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [
      {
        setupRequest: (request: CannonRequest): CannonRequest => {
          const r = list[next++ % list.length]!;
          // A signed-in read differs by its token too (two participants may play the same course).
          paths.add(`${r.path} ${r.headers?.authorization ?? ''}`);
          return {
            ...request,
            method: r.method,
            path: r.path,
            headers: { ...request.headers, 'accept-encoding': 'br, gzip', ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
            ...(r.body ? { body: r.body } : {}),
          };
        },
      },
    ],
  });
  const requests = result.requests.total;
  return {
    requestsPerSecond: Math.round(requests / Math.max(result.duration, 0.001)),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    requests,
    durationSeconds: round1(result.duration),
    sent: next,
    distinctPaths: paths.size,
  };
}

async function json<T>(base: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${url}`, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return ((await res.json()) as { data: T }).data;
}

async function signIn(base: string, n: number): Promise<Record<string, string>> {
  const data = await json<{ token: string }>(base, '/api/participant/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: largeParticipantEmail(n), password: LARGE_PASSWORD, returnSecureToken: true }),
  });
  return { authorization: `Bearer ${data.token}` };
}

/** The reads a visitor and a participant make, found through the API itself. */
async function readsOf(base: string): Promise<{ reads: Read[]; lists: LargeCatalogResult['lists'] }> {
  const home = await json<{ topCourses: { id: number }[]; categories: { slug: string; courseCount: number }[] }>(base, '/api/public/home');
  const categories = home.categories.filter((c) => c.courseCount > 0);
  const biggest = [...categories].sort((a, b) => b.courseCount - a.courseCount)[0]!;
  const course = home.topCourses[0]!.id;

  // Every public course, through the category pages of 100 (not a page the benchmark loads).
  const ids: number[] = [];
  for (const c of categories) {
    for (let page = 1; page <= Math.ceil(c.courseCount / 100); page++) {
      const data = await json<{ items: { id: number }[] }>(base, `/api/public/category/${c.slug}?page=${page}&perPage=100&sort=newest`);
      ids.push(...data.items.map((i) => i.id));
    }
  }
  const detailsOf = (id: number): Request => ({ method: 'POST', path: `/api/course/${id}/b`, body: JSON.stringify({ p_id: '' }) });
  const courseList = shuffled([...new Set(ids)].filter((id) => id !== course), 1).map(detailsOf);

  // Every page of every category in every sort, but the cached read's page (its data, page 1 sorted newest, may still be kept).
  const categoryList = shuffled(
    categories.flatMap((c) =>
      SORTS.flatMap((sort) => Array.from({ length: Math.ceil(c.courseCount / PER_PAGE) }, (_, i) => `/api/public/category/${c.slug}?page=${i + 1}&sort=${sort}`)),
    ).filter((p) => p !== `/api/public/category/${biggest.slug}?page=1&sort=newest`),
    2,
  ).map((p): Request => ({ method: 'GET', path: p }));

  const search = (q: string): Request => ({ method: 'GET', path: `/api/public/search?q=${encodeURIComponent(q)}&page=1` });
  const generated = searchQueries(SEARCHES + 300);
  const fixed = ['البرمجه بلغة بايثون', 'البَرْمَجَة بِلُغَةِ بايثون', 'data analysis', 'Python PROGRAMMING'];
  const searchList = generated.queries.filter((q) => !fixed.includes(q)).map(search);

  // The participants: each signed in once (argon2id, before any measurement), with a course they are enrolled in.
  const participants: { headers: Record<string, string>; course: number }[] = [];
  for (let n = 1; n <= PARTICIPANTS + 1; n++) {
    const headers = await signIn(base, n);
    const dashboard = await json<{ inProgress: { id: number }[]; recent: { id: number }[] }>(base, '/api/participant/dashboard', { headers });
    participants.push({ headers, course: dashboard.inProgress[0]?.id ?? dashboard.recent[0]!.id });
  }
  const [one, ...others] = participants;
  const dashboardOf = (p: (typeof participants)[number]): Request => ({ method: 'GET', path: '/api/participant/dashboard', headers: p.headers });
  const playerOf = (p: (typeof participants)[number]): Request => ({ method: 'GET', path: `/api/participant/learn/${p.course}`, headers: p.headers });

  // Warm-ups: a slice of each list, never measured (at most a tenth of it, up to 300).
  const slice = (list: Request[]) => Math.min(300, Math.max(1, Math.floor(list.length / 10)));
  const cWarm = slice(courseList);
  const gWarm = slice(categoryList);
  const sWarm = 300;
  const cached = (name: string, group: string, request: Request): Read => ({ name, group, mode: 'cached', requests: [request], warmup: [request] });
  const reads: Read[] = [
    cached('home', 'home', { method: 'GET', path: '/api/public/home' }),
    cached('category page (one URL)', 'category page', { method: 'GET', path: `/api/public/category/${biggest.slug}?page=1` }),
    { name: 'category page (every page)', group: 'category page', mode: 'uncached', once: true, requests: categoryList.slice(gWarm), warmup: categoryList.slice(0, gWarm) },
    cached('course page (one URL)', 'course page', detailsOf(course)),
    { name: 'course page (every course)', group: 'course page', mode: 'uncached', once: true, requests: courseList.slice(cWarm), warmup: courseList.slice(0, cWarm) },
    cached('search Arabic', 'search', search(fixed[0]!)),
    cached('search Arabic, tashkeel', 'search', search(fixed[1]!)),
    cached('search English', 'search', search(fixed[2]!)),
    cached('search English, mixed case', 'search', search(fixed[3]!)),
    { name: `search (${SEARCHES} distinct)`, group: 'search', mode: 'uncached', once: true, requests: searchList.slice(sWarm, sWarm + SEARCHES), warmup: searchList.slice(0, sWarm) },
    { name: 'dashboard (one participant)', group: 'dashboard', mode: 'cached', requests: [dashboardOf(one!)], warmup: [dashboardOf(one!)] },
    { name: `dashboard (${PARTICIPANTS} participants)`, group: 'dashboard', mode: 'uncached', requests: others.map(dashboardOf), warmup: others.map(dashboardOf) },
    { name: 'player (one participant)', group: 'player', mode: 'cached', requests: [playerOf(one!)], warmup: [playerOf(one!)] },
    { name: `player (${PARTICIPANTS} participants)`, group: 'player', mode: 'uncached', requests: others.map(playerOf), warmup: others.map(playerOf) },
  ].filter((r) => MODES.includes(r.mode)) as Read[];
  return {
    reads,
    lists: { publicCourses: courseList.length + 1, categoryPages: categoryList.length + 1, searches: Math.min(SEARCHES, searchList.length - sWarm), searchMix: generated.mix, participants: others.length },
  };
}

function targetOf(read: Read, f: Omit<LargeReadFigures, 'target' | 'met' | 'shareOfBare'>, shareOfBare: number, database: LargeCatalogResult['database']): { target: string; met: boolean } {
  const clean = f.non2xx === 0 && f.errors === 0;
  if (read.mode === 'cached') {
    const met = (shareOfBare >= TARGET.shareOfBareAtLeast || f.requestsPerSecond >= TARGET.orRequestsPerSecondAtLeast) && f.p99ms < TARGET.p99UnderMs && clean;
    return { target: `>= ${TARGET.shareOfBareAtLeast} of bare or ${TARGET.orRequestsPerSecondAtLeast} req/s, p99 < ${TARGET.p99UnderMs} ms`, met };
  }
  const t = UNCACHED_TARGETS[read.group]!;
  const parts = [`API <= ${t.apiMs} ms CPU`];
  let met = clean && f.cpuMsPerRequest.api !== null && f.cpuMsPerRequest.api <= t.apiMs;
  if (t.postgresMs !== undefined) {
    parts.push(`PG <= ${t.postgresMs} ms CPU`);
    // On PGlite the database's CPU is in the API figure: its budget is the sum of both.
    if (database === 'pglite') met = clean && f.cpuMsPerRequest.api !== null && f.cpuMsPerRequest.api <= t.apiMs + t.postgresMs;
    else met &&= f.cpuMsPerRequest.postgres !== null && f.cpuMsPerRequest.postgres <= t.postgresMs;
  }
  if (t.p99UnderMs !== undefined) {
    parts.push(`p99 < ${t.p99UnderMs} ms`);
    met &&= f.p99ms < t.p99UnderMs;
  }
  // Every path once: the cache could not answer any.
  if (read.once) met &&= f.distinctPaths === f.sent;
  return { target: parts.join(', '), met };
}

const CPU_METHOD =
  'utime+stime from /proc/<pid>/stat (CLK_TCK ticks) before and after each read: the API process (and its children), the PostgreSQL backends ' +
  "whose command line names the benchmark's database (sampled every 250 ms; new backends count from 0), and this process (the load generator). " +
  "On PGlite the database runs inside the API process: its CPU is in the API figure. PostgreSQL's auxiliary processes are shared by every database and reported apart.";

export async function measureLargeCatalog(
  database: LargeCatalogResult['database'],
  dataDir: string,
  env: Record<string, string>,
  seedSeconds: number,
  opts: { dbName: string | null; databaseUrl?: string; bursts?: boolean } = { dbName: null },
): Promise<LargeCatalogResult> {
  const started = performance.now();
  const loadAverageBefore = loadavg().map(round1);
  return withServer(dataDir, env, async (base, apiPid): Promise<LargeCatalogResult> => {
    const { reads, lists } = await readsOf(base);
    const namelist = await (await fetch(`${base}/api/category/namelist`)).text();
    const result = await withBareServer(namelist, async (bareUrl, barePid): Promise<LargeCatalogResult> => {
      const bareBase = bareUrl.replace(/\/bare$/, '');
      const bareRequest: Request[] = [{ method: 'GET', path: '/bare' }];
      await load(bareBase, bareRequest, { duration: 2, connections: 10 });
      const bareCpu = startCpuMeter(barePid, null);
      const bare = await load(bareBase, bareRequest);
      const bareUsed = bareCpu.stop();
      const figures: Record<string, LargeReadFigures> = {};
      for (const read of reads) {
        await load(base, read.warmup, { once: read.once, duration: 2, connections: 10 });
        const meter = startCpuMeter(apiPid, opts.dbName);
        const f = await load(base, read.requests, { once: read.once });
        const used = meter.stop();
        const cpuMsPerRequest = { api: perRequest(used.apiMs, f.requests), postgres: perRequest(used.postgresMs, f.requests), loader: perRequest(used.loaderMs, f.requests) };
        const shareOfBare = Number((f.requestsPerSecond / bare.requestsPerSecond).toFixed(3));
        const all = { ...f, group: read.group, mode: read.mode, cpuMsPerRequest, postgresAuxiliaryMs: used.postgresAuxiliaryMs === null ? null : Math.round(used.postgresAuxiliaryMs), machineBusyShare: used.machineBusyShare };
        figures[read.name] = { ...all, shareOfBare, ...targetOf(read, all, shareOfBare, database) };
      }
      const cachedMet = Object.values(figures).filter((f) => f.mode === 'cached').every((f) => f.met);
      const uncachedMet = Object.values(figures).filter((f) => f.mode === 'uncached').every((f) => f.met);
      return {
        database,
        scale: SCALE,
        seedSeconds,
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, loadAverageBefore, loadAverageAfter: loadavg().map(round1) },
        connections: CONNECTIONS,
        durationSeconds: DURATION,
        cpuMethod: CPU_METHOD,
        lists,
        bareRoute: {
          requestsPerSecond: bare.requestsPerSecond,
          p50ms: bare.p50ms,
          p99ms: bare.p99ms,
          requests: bare.requests,
          cpuMsPerRequest: { api: perRequest(bareUsed.apiMs, bare.requests), postgres: null, loader: perRequest(bareUsed.loaderMs, bare.requests) },
        },
        reads: figures,
        target: { ...TARGET, met: cachedMet, uncached: UNCACHED_TARGETS, uncachedMet },
        wallSeconds: 0,
      };
    });
    // The write bursts on the same server and database, once the reads are measured (they add rows).
    if (opts.bursts && opts.databaseUrl && opts.dbName) result.bursts = await burstsOn(base, apiPid, opts.databaseUrl, opts.dbName);
    result.wallSeconds = Math.round((performance.now() - started) / 1000 + seedSeconds);
    return result;
  });
}

async function seeded(open: () => ReturnType<typeof openDatabase>): Promise<number> {
  const started = performance.now();
  const database = await open();
  try {
    await migrateDatabase(database);
    await seedLarge(database.db, { scale: SCALE });
  } finally {
    await database.close();
  }
  return Number(((performance.now() - started) / 1000).toFixed(1));
}

const cell = (v: number | null, width = 5) => (v === null ? '—' : String(v)).padStart(width);

export function printLargeCatalog(result: LargeCatalogResult) {
  const t = result.target;
  console.log(
    `\nLarge catalog on ${result.database} (scale ${result.scale}, seeded in ${result.seedSeconds} s, ${result.wallSeconds} s in all), ${result.connections} connections, ` +
      `cached reads ${result.durationSeconds} s each; load average ${result.machine.loadAverageBefore.join(' ')} before, ${result.machine.loadAverageAfter.join(' ')} after` +
      `\n  cached target (>= ${t.shareOfBareAtLeast} of the bare route or ${t.orRequestsPerSecondAtLeast} req/s, p99 < ${t.p99UnderMs} ms): ${t.met ? 'met' : 'NOT met'};` +
      ` uncached CPU targets: ${t.uncachedMet ? 'met' : 'NOT met'}` +
      `\n  lists: ${result.lists.publicCourses} public courses, ${result.lists.categoryPages} category pages (× sorts), ${result.lists.searches} searches, ${result.lists.participants} participants` +
      (result.database === 'pglite' ? '\n  (PGlite: the database runs inside the API process, its CPU is in the API column)' : ''),
  );
  console.log(
    `  ${'read'.padEnd(30)} ${'mode'.padEnd(8)} ${'req/s'.padStart(6)} ${'p50'.padStart(5)} ${'p99'.padStart(6)}  ${'API ms'.padStart(6)} ${'PG ms'.padStart(6)} ${'load ms'.padStart(7)}  ${'requests'.padStart(8)} distinct busy  target` +
      '\n  (CPU ms per request: API process, PostgreSQL backends, load generator; busy: share of the whole machine busy meanwhile, other jobs included)',
  );
  const b = result.bareRoute;
  console.log(
    `  ${'bare route'.padEnd(30)} ${''.padEnd(8)} ${String(b.requestsPerSecond).padStart(6)} ${String(b.p50ms).padStart(5)} ${String(b.p99ms).padStart(6)}  ${cell(b.cpuMsPerRequest.api, 6)} ${cell(null, 6)} ${cell(b.cpuMsPerRequest.loader, 7)}  ${String(b.requests).padStart(8)}`,
  );
  for (const [name, f] of Object.entries(result.reads)) {
    console.log(
      `  ${name.padEnd(30)} ${f.mode.padEnd(8)} ${String(f.requestsPerSecond).padStart(6)} ${String(f.p50ms).padStart(5)} ${String(f.p99ms).padStart(6)}  ${cell(f.cpuMsPerRequest.api, 6)} ${cell(f.cpuMsPerRequest.postgres, 6)} ${cell(f.cpuMsPerRequest.loader, 7)}` +
        `  ${String(f.requests).padStart(8)} ${String(f.distinctPaths).padStart(8)} ${f.machineBusyShare === null ? '  — ' : `${Math.round(f.machineBusyShare * 100)}%`.padStart(4)}  ${f.met ? 'met' : 'NOT met'} (${f.target})${f.non2xx || f.errors ? `  non-2xx ${f.non2xx} errors ${f.errors}` : ''}`,
    );
  }
  if (result.bursts) printBursts(result.bursts);
}

/** The PostgreSQL server first (the target's database), then PGlite; `bursts`: the write bursts on the server's database too. */
export async function largeCatalogBenchmark(opts: { bursts?: boolean; onResult?: (result: LargeCatalogResult) => void } = {}): Promise<LargeCatalogResult[]> {
  if (!procAvailable()) console.log('  (no /proc here: CPU figures are null)');
  const results: LargeCatalogResult[] = [];
  if (DATABASES.includes('postgresql')) {
    await withFreshDatabase('large', async (url) => {
      const serverDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-large-pg-'));
      try {
        const seedSeconds = await seeded(() => openDatabase({ url }));
        results.push(await measureLargeCatalog('postgresql', serverDir, { DATABASE_URL: url }, seedSeconds, { dbName: databaseNameOf(url), databaseUrl: url, bursts: opts.bursts }));
        opts.onResult?.(results[results.length - 1]!);
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    });
  }
  if (DATABASES.includes('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-large-pglite-'));
    try {
      const seedSeconds = await seeded(() => openDatabase({ dataDir: path.join(dataDir, 'pg') }));
      results.push(await measureLargeCatalog('pglite', dataDir, {}, seedSeconds));
      opts.onResult?.(results[results.length - 1]!);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return results;
}

/** Adds the figures to bench/results/latest.json under `largeCatalog`, keeping what the other benchmarks wrote. */
export function recordLargeCatalog(largeCatalog: LargeCatalogResult[]) {
  recordBench('largeCatalog', largeCatalog);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim());
  // Each database's figures printed and written as soon as they are measured.
  const done: LargeCatalogResult[] = [];
  await largeCatalogBenchmark({
    bursts: only.includes('bursts'),
    onResult: (result) => {
      printLargeCatalog(result);
      done.push(result);
      recordLargeCatalog(done);
    },
  });
  console.log('  written to bench/results/latest.json');
}
