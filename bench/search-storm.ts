/**
 * Issue 25, point 2: a storm of searches on the embedded database must not stall the rest of the site.
 * On `npm start`'s default (PGlite, demo data), 20 different eight-word searches are sent at once from one
 * address (within its per-minute limit, 60), while one reader asks for the category list and a course's
 * reviews (a page never asked before, so the database answers each) over and over, one request at a time. Prints the readers' p50, p99 and worst latency during the storm and before it, and what the
 * searches were answered. `npx tsx bench/search-storm.ts` alone, or as part of `npm run bench`.
 */
import { withDemoServer } from './support';

const WORDS = ['تصميم', 'برمجة', 'python', 'بيانات', 'تسويق', 'design', 'web', 'تعلم', 'الآلة', 'excel', 'تطوير', 'react', 'مقدمة', 'أساسيات', 'course', 'javascript', 'التصوير', 'photo', 'إدارة', 'مشاريع', 'data', 'science', 'الذكاء', 'marketing'];

/** Twenty eight-word queries, each different (no cache answers any of them). */
function queries(): string[] {
  return Array.from({ length: 20 }, (_, i) => Array.from({ length: 8 }, (_, j) => `${WORDS[(i * 3 + j * 5) % WORDS.length]}${j === 7 ? i : ''}`).join(' '));
}

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

export interface SearchStormResult {
  quiet: { p50ms: number; p99ms: number; maxMs: number; requests: number };
  storm: { p50ms: number; p99ms: number; maxMs: number; requests: number };
  searches: Record<string, number>;
  stormMs: number;
}

/** Reads, one at a time, until `until()` holds: each one's milliseconds. */
async function readUntil(base: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; !until(); i += 1) {
    // The category list (kept by the public-read cache: it shows the event loop's turn) and a course's reviews at a
    // page never asked before (a statement on the database each time).
    const url = i % 2 ? `${base}/api/category/namelist` : `${base}/api/public/course/1/reviews?page=${i + 1}`;
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50ms: Math.round(quantile(sorted, 0.5)), p99ms: Math.round(quantile(sorted, 0.99)), maxMs: Math.round(sorted[sorted.length - 1] ?? 0), requests: times.length };
};

export async function searchStormBenchmark(): Promise<SearchStormResult> {
  // The default per-minute limit (60): the storm is what one address may send.
  return withDemoServer('storm', { SEARCH_MAX_PER_ADDRESS_PER_MINUTE: '60' }, async (base) => {
    const quietEnd = Date.now() + 3000;
    const quiet = await readUntil(base, () => Date.now() > quietEnd);
    let done = false;
    const started = performance.now();
    const searches = Promise.all(queries().map((q) => fetch(`${base}/api/public/search?q=${encodeURIComponent(q)}`).then((r) => r.status, () => 0))).finally(() => (done = true));
    const storm = await readUntil(base, () => done);
    const statuses = await searches;
    const counts: Record<string, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    return { quiet: summary(quiet), storm: summary(storm), searches: counts, stormMs: Math.round(performance.now() - started) };
  });
}

export function printSearchStorm(result: SearchStormResult): void {
  console.log('\nSearch storm on PGlite (20 eight-word searches at once from one address; reads one at a time meanwhile):');
  console.log(`  reads before the storm: p50 ${result.quiet.p50ms} ms, p99 ${result.quiet.p99ms} ms, worst ${result.quiet.maxMs} ms (${result.quiet.requests} reads)`);
  console.log(`  reads during the storm: p50 ${result.storm.p50ms} ms, p99 ${result.storm.p99ms} ms, worst ${result.storm.maxMs} ms (${result.storm.requests} reads; target p99 < 1000 ms)`);
  console.log(`  the searches: ${Object.entries(result.searches).map(([status, n]) => `${n} × ${status}`).join(', ')}, all answered in ${result.stormMs} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printSearchStorm(await searchStormBenchmark());
}
