/**
 * Public reads under load (part of `npm run bench`, or alone: `tsx bench/public-reads.ts`).
 * Starts the API server with the demo data twice, on PGlite (embedded) and on the PostgreSQL server
 * (a fresh database on BENCH_PG_URL), and loads, one after the other at BENCH_CONNECTIONS (50)
 * connections, the cached category name list (the reference) and the public reads: home, a category,
 * the course list, course details (with similar courses), reviews and an Arabic search. Reports
 * requests/s, p50, p99 and the slowest request of each, and each read's share of the name list's
 * throughput. Target: at least 0.25 of it, and no request over 1 s.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { withDemoServer } from './support';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_SHARE = 0.25;
const TARGET_MAX_MS = 1000;

export interface ReadFigures {
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  shareOfNamelist: number;
}
export interface PublicReadsResult {
  database: 'pglite' | 'postgresql';
  reads: Record<string, ReadFigures>;
  target: { shareAtLeast: number; maxUnderMs: number; met: boolean };
}

interface Read {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** A different path for every request (so no answer is ever a kept one): shown, not part of the target. */
  everyRequest?: () => string;
}

async function load(base: string, read: Read, duration = DURATION, connections = CONNECTIONS) {
  const result = await autocannon({
    url: `${base}${read.path}`,
    method: read.method ?? 'GET',
    connections,
    duration,
    // Browsers ask for compressed answers; the server's compression is part of the cost.
    headers: { 'accept-encoding': 'br, gzip', ...(read.body ? { 'content-type': 'application/json' } : {}) },
    ...(read.body ? { body: read.body } : {}),
    ...(read.everyRequest ? { requests: [{ setupRequest: (request: object) => ({ ...request, path: read.everyRequest!() }) }] } : {}),
  });
  return { requestsPerSecond: Math.round(result.requests.average), p50ms: result.latency.p50, p99ms: result.latency.p99, maxMs: result.latency.max, non2xx: result.non2xx, errors: result.errors };
}

const NEW_QUERY_WORDS = ['البرمجه', 'تصميم', 'python', 'التسويق', 'الفلك', 'photography', 'الرياضيات', 'اللغة'];
let queries = 0;

/** The reads of the demo data a visitor makes, found through the API itself. */
async function readsOf(base: string): Promise<Read[]> {
  const home = (await (await fetch(`${base}/api/public/home`)).json()) as { data: { newestCourses: { id: number }[]; categories: { id: number; slug: string; courseCount: number }[] } };
  const course = home.data.newestCourses[0]!.id;
  const category = [...home.data.categories].sort((a, b) => b.courseCount - a.courseCount)[0]!;
  return [
    { name: 'namelist', path: '/api/category/namelist' },
    { name: 'home', path: '/api/public/home' },
    { name: 'category', path: `/api/public/category/${category.slug || category.id}?page=1` },
    { name: 'course list', path: '/api/public/search?page=1' },
    { name: 'course details + similar', path: `/api/course/${course}/b`, method: 'POST', body: JSON.stringify({ p_id: '' }) },
    { name: 'reviews', path: `/api/public/course/${course}/reviews?page=1` },
    { name: 'search (Arabic)', path: `/api/public/search?q=${encodeURIComponent('تعلم البرمجه بلغة بايثون')}&page=1` },
    // Never the same query twice: what a search costs when no visitor asked it in the last seconds.
    { name: 'search, a new query each', path: '/api/public/search', everyRequest: () => `/api/public/search?q=${encodeURIComponent(`${NEW_QUERY_WORDS[++queries % NEW_QUERY_WORDS.length]} ${queries}`)}` },
  ];
}

async function measure(database: PublicReadsResult['database'], env: Record<string, string>): Promise<PublicReadsResult> {
  return withDemoServer('reads', env, async (base) => {
    const reads = await readsOf(base);
    const figures: Record<string, Omit<ReadFigures, 'shareOfNamelist'>> = {};
    for (const read of reads) {
      await load(base, read, 2, 10);
      figures[read.name] = await load(base, read);
    }
    const reference = figures.namelist!.requestsPerSecond;
    const withShare = Object.fromEntries(Object.entries(figures).map(([name, f]) => [name, { ...f, shareOfNamelist: Number((f.requestsPerSecond / reference).toFixed(3)) }]));
    const informational = new Set(reads.filter((r) => r.everyRequest).map((r) => r.name));
    const met = Object.entries(withShare).every(
      ([name, f]) => name === 'namelist' || informational.has(name) || (f.shareOfNamelist >= TARGET_SHARE && f.maxMs < TARGET_MAX_MS && f.non2xx === 0 && f.errors === 0),
    );
    return { database, reads: withShare, target: { shareAtLeast: TARGET_SHARE, maxUnderMs: TARGET_MAX_MS, met } };
  });
}

export function printPublicReads(result: PublicReadsResult) {
  console.log(`\nPublic reads on ${result.database}, ${CONNECTIONS} connections, ${DURATION} s each (target: >= ${TARGET_SHARE} of the name list, no request over ${TARGET_MAX_MS} ms: ${result.target.met ? 'met' : 'NOT met'})`);
  for (const [name, f] of Object.entries(result.reads)) {
    console.log(`  ${name.padEnd(26)} ${String(f.requestsPerSecond).padStart(6)} req/s  p50 ${String(f.p50ms).padStart(4)} ms  p99 ${String(f.p99ms).padStart(5)} ms  max ${String(f.maxMs).padStart(5)} ms  share ${f.shareOfNamelist}${f.non2xx || f.errors ? `  non-2xx ${f.non2xx} errors ${f.errors}` : ''}`);
  }
}

/** Both databases in one run, side by side. */
export async function publicReadsBenchmark(): Promise<PublicReadsResult[]> {
  const pglite = await measure('pglite', {});
  const serverUrl = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
  const dbName = `nibras_bench_reads_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  try {
    const server = await measure('postgresql', { DATABASE_URL: `${serverUrl}/${dbName}` });
    return [pglite, server];
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await publicReadsBenchmark();
  results.forEach(printPublicReads);
}
