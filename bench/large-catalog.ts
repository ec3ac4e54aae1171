/**
 * Reads of the large catalog under load (part of `npm run bench`, or alone: `npx tsx bench/large-catalog.ts`).
 * Seeds the catalog of `npm run seed:large` (10,000 courses, 50,000 participants, 200,000 enrolments;
 * BENCH_LARGE_SCALE to change it) once on the PostgreSQL server (a fresh database on BENCH_PG_URL) and
 * once on PGlite (a temporary DATA_DIR), starts the API server on each and loads, one after the other at
 * BENCH_CONNECTIONS (50) connections: the home data, a category page, course details, searches in Arabic
 * (with and without tashkeel) and English, a signed-in participant's dashboard and the player's outline
 * of one of their courses. Reports requests/s, p50 and p99 of each beside a bare Fastify route measured
 * in the same run. Target on the PostgreSQL server: each read at least half the bare route's throughput
 * or 1,000 requests/s, and p99 under 100 ms.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client';
import { LARGE_PASSWORD, largeParticipantEmail, seedLarge } from '../apps/api/src/seed/large/seed';
import { withBareServer, withServer } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SCALE = Number(process.env.BENCH_LARGE_SCALE ?? 1);
const TARGET = { shareOfBareAtLeast: 0.5, orRequestsPerSecondAtLeast: 1000, p99UnderMs: 100 };

export interface LargeReadFigures {
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  errors: number;
  shareOfBare: number;
  met: boolean;
}
export interface LargeCatalogResult {
  database: 'pglite' | 'postgresql';
  scale: number;
  seedSeconds: number;
  bareRoute: { requestsPerSecond: number; p50ms: number; p99ms: number };
  reads: Record<string, LargeReadFigures>;
  target: typeof TARGET & { met: boolean };
}

interface Read {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** A different path for every request (no answer is ever a kept one): shown, outside the target. */
  everyRequest?: () => string;
}

async function load(url: string, read: Pick<Read, 'method' | 'body' | 'headers' | 'everyRequest'> = {}, duration = DURATION, connections = CONNECTIONS) {
  const result = await autocannon({
    url,
    method: read.method ?? 'GET',
    connections,
    duration,
    headers: { 'accept-encoding': 'br, gzip', ...(read.body ? { 'content-type': 'application/json' } : {}), ...read.headers },
    ...(read.body ? { body: read.body } : {}),
    ...(read.everyRequest ? { requests: [{ setupRequest: (request: object) => ({ ...request, path: read.everyRequest!() }) }] } : {}),
  });
  return { requestsPerSecond: Math.round(result.requests.average), p50ms: result.latency.p50, p99ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const NEW_QUERY_WORDS = ['البرمجه', 'تصميم', 'python', 'التسويق', 'الفلك', 'photography', 'الرياضيات', 'اللغة'];
let queries = 0;

/** The reads a visitor and a participant make, found through the API itself. */
async function readsOf(base: string): Promise<Read[]> {
  const home = (await (await fetch(`${base}/api/public/home`)).json()) as { data: { topCourses: { id: number }[]; categories: { slug: string; courseCount: number }[] } };
  const category = [...home.data.categories].sort((a, b) => b.courseCount - a.courseCount)[0]!;
  const course = home.data.topCourses[0]!.id;
  const login = await fetch(`${base}/api/participant/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: largeParticipantEmail(1), password: LARGE_PASSWORD, returnSecureToken: true }),
  });
  if (!login.ok) throw new Error(`participant login failed: ${login.status}`);
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  const dashboard = (await (await fetch(`${base}/api/participant/dashboard`, { headers })).json()) as { data: { inProgress: { id: number }[]; recent: { id: number }[] } };
  const enrolled = dashboard.data.inProgress[0]?.id ?? dashboard.data.recent[0]!.id;
  const search = (q: string) => `/api/public/search?q=${encodeURIComponent(q)}&page=1`;
  return [
    { name: 'home', path: '/api/public/home' },
    { name: 'category', path: `/api/public/category/${category.slug}?page=1` },
    { name: 'course details', path: `/api/course/${course}/b`, method: 'POST', body: JSON.stringify({ p_id: '' }) },
    { name: 'search Arabic', path: search('البرمجه بلغة بايثون') },
    { name: 'search Arabic, tashkeel', path: search('البَرْمَجَة بِلُغَةِ بايثون') },
    { name: 'search English', path: search('data analysis') },
    { name: 'search English, mixed case', path: search('Python PROGRAMMING') },
    { name: 'participant dashboard', path: '/api/participant/dashboard', headers },
    { name: 'player outline', path: `/api/participant/learn/${enrolled}`, headers },
    { name: 'search, a new query each', path: '/api/public/search', everyRequest: () => search(`${NEW_QUERY_WORDS[++queries % NEW_QUERY_WORDS.length]} ${queries}`) },
  ];
}

async function measure(database: LargeCatalogResult['database'], dataDir: string, env: Record<string, string>, seedSeconds: number): Promise<LargeCatalogResult> {
  return withServer(dataDir, env, async (base) => {
    const reads = await readsOf(base);
    const namelist = await (await fetch(`${base}/api/category/namelist`)).text();
    return withBareServer(namelist, async (bareUrl) => {
      await load(bareUrl, {}, 2, 10);
      const bare = await load(bareUrl);
      const figures: Record<string, LargeReadFigures> = {};
      for (const read of reads) {
        await load(`${base}${read.path}`, read, 2, 10);
        const f = await load(`${base}${read.path}`, read);
        const shareOfBare = Number((f.requestsPerSecond / bare.requestsPerSecond).toFixed(3));
        const met =
          (shareOfBare >= TARGET.shareOfBareAtLeast || f.requestsPerSecond >= TARGET.orRequestsPerSecondAtLeast) && f.p99ms < TARGET.p99UnderMs && f.non2xx === 0 && f.errors === 0;
        figures[read.name] = { ...f, shareOfBare, met };
      }
      const informational = new Set(reads.filter((r) => r.everyRequest).map((r) => r.name));
      const met = Object.entries(figures).every(([name, f]) => informational.has(name) || f.met);
      return {
        database,
        scale: SCALE,
        seedSeconds,
        bareRoute: { requestsPerSecond: bare.requestsPerSecond, p50ms: bare.p50ms, p99ms: bare.p99ms },
        reads: figures,
        target: { ...TARGET, met },
      };
    });
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

export function printLargeCatalog(result: LargeCatalogResult) {
  const t = result.target;
  console.log(
    `\nLarge catalog on ${result.database} (scale ${result.scale}, seeded in ${result.seedSeconds} s), ${CONNECTIONS} connections, ${DURATION} s each` +
      ` (target: >= ${t.shareOfBareAtLeast} of the bare route or ${t.orRequestsPerSecondAtLeast} req/s, p99 < ${t.p99UnderMs} ms: ${t.met ? 'met' : 'NOT met'})`,
  );
  const b = result.bareRoute;
  console.log(`  ${'bare route'.padEnd(28)} ${String(b.requestsPerSecond).padStart(6)} req/s  p50 ${String(b.p50ms).padStart(4)} ms  p99 ${String(b.p99ms).padStart(5)} ms`);
  for (const [name, f] of Object.entries(result.reads)) {
    console.log(
      `  ${name.padEnd(28)} ${String(f.requestsPerSecond).padStart(6)} req/s  p50 ${String(f.p50ms).padStart(4)} ms  p99 ${String(f.p99ms).padStart(5)} ms  share ${f.shareOfBare}  ${f.met ? 'met' : 'NOT met'}` +
        `${f.non2xx || f.errors ? `  non-2xx ${f.non2xx} errors ${f.errors}` : ''}`,
    );
  }
}

/** The PostgreSQL server first (the target's database), then PGlite. */
export async function largeCatalogBenchmark(): Promise<LargeCatalogResult[]> {
  const results: LargeCatalogResult[] = [];
  const serverUrl = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
  const dbName = `nibras_bench_large_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const serverDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-large-pg-'));
  try {
    const url = `${serverUrl}/${dbName}`;
    const seedSeconds = await seeded(() => openDatabase({ url }));
    results.push(await measure('postgresql', serverDir, { DATABASE_URL: url }, seedSeconds));
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-large-pglite-'));
  try {
    const seedSeconds = await seeded(() => openDatabase({ dataDir: path.join(dataDir, 'pg') }));
    results.push(await measure('pglite', dataDir, {}, seedSeconds));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

/** Adds the figures to bench/results/latest.json under `largeCatalog`, keeping what the other benchmarks wrote. */
export function recordLargeCatalog(largeCatalog: LargeCatalogResult[]) {
  const dir = fileURLToPath(new URL('./results', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const latest = path.join(dir, 'latest.json');
  let previous: object = {};
  try {
    previous = JSON.parse(readFileSync(latest, 'utf8')) as object;
  } catch {
    // no earlier results
  }
  writeFileSync(latest, JSON.stringify({ ...previous, largeCatalog }, null, 2) + '\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await largeCatalogBenchmark();
  results.forEach(printLargeCatalog);
  recordLargeCatalog(results);
  console.log('  written to bench/results/latest.json');
}
