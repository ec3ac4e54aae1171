/**
 * Issue 25, point 2: a storm of searches on the embedded database must not stall the rest of the site.
 * On `npm start`'s default (PGlite, demo data), 20 different eight-word searches are sent at once from one
 * address (within its burst, 60 by default: docs/search.md), while one reader asks for the category list and a course's
 * reviews (a page never asked before, so the database answers each) over and over, one request at a time. Prints the readers' p50, p99 and worst latency during the storm and before it, and what the
 * searches were answered. Then (issue 26, point 6) a whole burst, 60 such searches at once from one address, and
 * one search from another address sent just after them: how long that visitor waited (the search gate takes
 * turns between callers) and what the storm was answered. `npx tsx bench/search-storm.ts` alone, or as part of
 * `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { withDemoServer } from './support';

const ARABIC = 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي';

/**
 * Twenty different eight-word queries of long made-up Arabic words (`ال` and seven letters): each word is checked
 * for typos (up to 1,000 candidates a word, 2,000 a query: docs/search.md), the costly case, and no cache answers
 * any of them. The letters follow a fixed sequence, so every run sends the same queries.
 */
function queries(count = 20, seed = 7): string[] {
  const letter = () => ARABIC[(seed = (seed * 48_271) % 2_147_483_647) % ARABIC.length]!;
  return Array.from({ length: count }, () => Array.from({ length: 8 }, () => `ال${Array.from({ length: 7 }, letter).join('')}`).join(' '));
}

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

export interface SearchStormResult {
  quiet: { p50ms: number; p99ms: number; maxMs: number; requests: number };
  storm: { p50ms: number; p99ms: number; maxMs: number; requests: number };
  searches: Record<string, number>;
  stormMs: number;
  /** A burst of 60 from one address, then one search from another: its status and wait, and the burst's answers. */
  turns: { visitorStatus: number; visitorMs: number; searches: Record<string, number>; stormMs: number };
}

/**
 * A reader in a process of its own (the storm's twenty answers would otherwise be parsed on the same
 * thread as the reads, and delay them here rather than on the server): it asks for the category list
 * and a course's reviews at a page never asked before (a statement on the database each time), one
 * request at a time, printing when each was sent and how long it took, until it is stopped.
 */
const READER = `
const http = require('node:http');
const base = process.argv[1];
let i = 0;
(function next() {
  i += 1;
  const url = i % 2 ? base + '/api/category/namelist' : base + '/api/public/course/1/reviews?page=' + i;
  const at = Date.now();
  const started = performance.now();
  http.get(url, { agent: false }, (res) => res.resume().on('end', () => {
    process.stdout.write(at + ' ' + (performance.now() - started).toFixed(1) + '\\n');
    next();
  })).on('error', () => setTimeout(next, 10));
})();
`;

/** The reader's reads sent between `from` and `to` (Date.now() times): each one's milliseconds. */
function readsBetween(lines: string, from: number, to: number): number[] {
  return lines
    .split('\n')
    .map((line) => line.split(' ').map(Number))
    .filter(([at, ms]) => at !== undefined && ms !== undefined && at >= from && at <= to)
    .map(([, ms]) => ms!);
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50ms: Math.round(quantile(sorted, 0.5)), p99ms: Math.round(quantile(sorted, 0.99)), maxMs: Math.round(sorted[sorted.length - 1] ?? 0), requests: times.length };
};

export async function searchStormBenchmark(): Promise<SearchStormResult> {
  // The default search limits (300 a minute per address, a burst of 60): the storm is what one address may send at once.
  // TRUST_PROXY: the second part tells its two addresses apart by X-Forwarded-For (the first has none: 127.0.0.1).
  const env = { SEARCH_MAX_PER_ADDRESS_PER_MINUTE: '300', SEARCH_BURST_PER_ADDRESS: '60', SEARCH_MAX_PER_USER_PER_MINUTE: '60', TRUST_PROXY: 'true' };
  return withDemoServer('storm', env, async (base) => {
    const reader = spawn(process.execPath, ['-e', READER, base], { stdio: ['ignore', 'pipe', 'inherit'] });
    let lines = '';
    reader.stdout.on('data', (chunk: Buffer) => (lines += chunk.toString()));
    try {
      const quietFrom = Date.now() + 500;
      await new Promise((resolve) => setTimeout(resolve, 3500));
      const quietTo = Date.now();
      const from = Date.now();
      const statuses = await Promise.all(queries().map((q) => fetch(`${base}/api/public/search?q=${encodeURIComponent(q)}`).then((r) => r.status, () => 0)));
      const to = Date.now();
      // The read sent last during the storm is answered after it: wait for its line.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const counts: Record<string, number> = {};
      for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
      reader.kill();
      return { quiet: summary(readsBetween(lines, quietFrom, quietTo)), storm: summary(readsBetween(lines, from, to)), searches: counts, stormMs: to - from, turns: await takingTurns(base) };
    } finally {
      reader.kill();
    }
  });
}

/** 60 costly searches at once from one address (its whole burst), then, once they are under way, one from another address. */
async function takingTurns(base: string): Promise<SearchStormResult['turns']> {
  const search = (q: string, from: string) =>
    fetch(`${base}/api/public/search?q=${encodeURIComponent(q)}`, { headers: { 'x-forwarded-for': from } }).then(
      (r) => r.arrayBuffer().then(() => r.status),
      () => 0,
    );
  const [visitorQuery, ...burst] = queries(61, 11);
  const from = Date.now();
  const storm = Promise.all(burst.map((q) => search(q, '203.0.113.1')));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const sent = performance.now();
  const visitorStatus = await search(visitorQuery!, '198.51.100.7');
  const visitorMs = Math.round(performance.now() - sent);
  const statuses = await storm;
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return { visitorStatus, visitorMs, searches: counts, stormMs: Date.now() - from };
}

export function printSearchStorm(result: SearchStormResult): void {
  console.log('\nSearch storm on PGlite (20 eight-word searches at once from one address; reads one at a time meanwhile):');
  console.log(`  reads before the storm: p50 ${result.quiet.p50ms} ms, p99 ${result.quiet.p99ms} ms, worst ${result.quiet.maxMs} ms (${result.quiet.requests} reads)`);
  console.log(`  reads during the storm: p50 ${result.storm.p50ms} ms, p99 ${result.storm.p99ms} ms, worst ${result.storm.maxMs} ms (${result.storm.requests} reads; target p99 < 1000 ms)`);
  console.log(`  the searches: ${Object.entries(result.searches).map(([status, n]) => `${n} × ${status}`).join(', ')}, all answered in ${result.stormMs} ms`);
  const { turns } = result;
  console.log(`  60 at once from one address, then one search from another: that one answered ${turns.visitorStatus} in ${turns.visitorMs} ms;`);
  console.log(`    the 60: ${Object.entries(turns.searches).map(([status, n]) => `${n} × ${status}`).join(', ')}, all answered in ${turns.stormMs} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printSearchStorm(await searchStormBenchmark());
}
