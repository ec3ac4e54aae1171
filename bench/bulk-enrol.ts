/**
 * Bulk enrolment benchmark (part of `npm run bench`: BENCH_ONLY=bulk-enrol; or alone: `npx tsx bench/bulk-enrol.ts`).
 * Starts the API server as `npm start` runs it (the bundle, plain Node, the demo data), on PGlite and on the PostgreSQL
 * server (BENCH_BULK_DATABASES=pglite,postgresql; BENCH_PG_URL), and, signed in as the demo admin, sends CSV files of 500 and 5,000 lines (BENCH_BULK_LINES, comma-separated; Arabic and English names,
 * new emails) to POST /api/admin/enrolments/course/{id}/csv, each first as a dry run and then for real, and reports
 * for each: seconds, lines per second, the server process's CPU seconds (/proc/<pid>/stat), and its resident memory
 * before and at its peak (VmRSS sampled every 20 ms). Target (issue 28, point 7): 5,000 lines in under a minute,
 * with flat memory. A real run allocates fast (each line's rendered mail, the statements' parameters): V8 then grows its
 * young generation to what `npm start` allows (--max-semi-space-size=16: up to 48 MB), so a 500-line import, too short
 * for that, shows less growth than a 5,000-line one; what must hold is that the file's size does not matter beyond that:
 * "flat" compares the largest file's peak growth with the next one's (10,000 lines against 5,000). On PGlite the
 * database lives in the API process, so its resident memory also grows with the rows written (the data, not the
 * import's working memory); the PostgreSQL server's run shows the API process alone.
 * The mail worker is off (MAIL_WORKER=false): the invitations are queued in the same transactions as the accounts, as
 * always, but not sent while the import is measured (sending is the worker's, measured by the mail tests).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { withFreshDatabase } from './databases';
import { withDemoServer } from './support';

const SIZES = (process.env.BENCH_BULK_LINES ?? '500,5000,10000').split(',').map(Number);
const DATABASES = (process.env.BENCH_BULK_DATABASES ?? 'pglite,postgresql').split(',').map((s) => s.trim()) as Database[];
type Database = 'pglite' | 'postgresql';
const TARGET_SECONDS = 60;
/** Peak growth of the largest file over the next one's still counted as flat. */
const FLAT_SLACK_MB = 30;

const ARABIC = ['ليلى حسن', 'يوسف القحطاني', 'مريم عبد الله', 'أحمد مُحَمَّد', 'زينب علي', 'بسمة يوسف', 'عمر الفاروق', 'هدى سالم'];
const ENGLISH = ['Layla Hassan', 'Omar Farouk', 'Sam O\'Neil', 'Nadia Karim', '"Smith, Jr", John', 'Huda Salem', 'Peter Park', 'Amira Aziz'];

export interface BulkEnrolRun {
  lines: number;
  dryRun: { seconds: number; linesPerSecond: number; cpuSeconds: number; peakRssGrowthMb: number; rssBeforeMb: number; peakRssMb: number };
  real: { seconds: number; linesPerSecond: number; cpuSeconds: number; peakRssGrowthMb: number; rssBeforeMb: number; peakRssMb: number; created: number; enrolled: number };
}

export interface BulkEnrolDatabaseResult {
  database: Database;
  runs: BulkEnrolRun[];
  target: { seconds: number; met: boolean; flatMemorySlackMb: number; flat: boolean };
}

export type BulkEnrolResult = BulkEnrolDatabaseResult[];

/** A CSV file as an admin would export it: a header, CRLF, a BOM, a quoted name now and then. */
function csvOf(lines: number, tag: string): Buffer {
  const rows = ['email,name'];
  for (let i = 0; i < lines; i++) {
    const name = `${i % 2 ? ARABIC[i % ARABIC.length]! : ENGLISH[i % ENGLISH.length]!} ${i}`;
    const cell = /[",]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
    rows.push(`bulk.${tag}.${i}@bench.example,${cell}`);
  }
  return Buffer.from(`\uFEFF${rows.join('\r\n')}\r\n`);
}

export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command): clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function rssMbOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

async function json<T>(res: Response, what: string): Promise<T> {
  const body = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${what}: ${res.status} ${body.message}`);
  return body.data;
}

/** One upload, measured: wall seconds, the server's CPU seconds, its peak resident memory above what it held before. */
async function measured<T>(pid: number, send: () => Promise<T>) {
  const rssBefore = rssMbOf(pid);
  const cpuBefore = cpuSecondsOf(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMbOf(pid))), 20);
  const started = performance.now();
  try {
    const result = await send();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssMbOf(pid));
    return { result, seconds, cpuSeconds: cpuSecondsOf(pid) - cpuBefore, peakRssGrowthMb: peak - rssBefore, rssBeforeMb: rssBefore, peakRssMb: peak };
  } finally {
    clearInterval(sampler);
  }
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

export async function bulkEnrolBenchmark(): Promise<BulkEnrolResult> {
  const results: BulkEnrolResult = [];
  for (const database of DATABASES) {
    results.push(database === 'postgresql' ? await withFreshDatabase('bulk_enrol', (url) => onDatabase(database, { DATABASE_URL: url })) : await onDatabase(database, {}));
  }
  return results;
}

function onDatabase(database: Database, env: Record<string, string>): Promise<BulkEnrolDatabaseResult> {
  return withDemoServer('bulk-enrol', { MAIL_WORKER: 'false', ...env }, async (base, pid) => {
    const session = await json<{ token: string }>(
      await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'nibras-demo', returnSecureToken: true }),
      }),
      'admin login',
    );
    const auth = { authorization: `Bearer ${session.token}`, 'accept-language': 'en' };
    const courses = await json<{ items: { id: number }[] }>(
      await fetch(`${base}/api/admin/course/list?page=1`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ approve_status: 'approved', perPage: 1 }) }),
      'course list',
    );
    const courseId = courses.items[0]!.id;
    const send = async (csv: Buffer, dryRun: boolean) => {
      const form = new FormData();
      form.append('dryRun', String(dryRun));
      form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'participants.csv');
      return json<{ lines: number; created: number; enrolled: number; problems: unknown[] }>(
        await fetch(`${base}/api/admin/enrolments/course/${courseId}/csv`, { method: 'POST', headers: auth, body: form }),
        `${dryRun ? 'dry' : 'real'} run`,
      );
    };
    // A small file first, so that the first measured run does not pay for the server's warm-up.
    await send(csvOf(20, `warm${randomBytes(3).toString('hex')}`), false);
    const runs: BulkEnrolRun[] = [];
    for (const lines of SIZES) {
      const csv = csvOf(lines, randomBytes(4).toString('hex'));
      const dry = await measured(pid, () => send(csv, true));
      const real = await measured(pid, () => send(csv, false));
      if (real.result.created !== lines || real.result.enrolled !== lines) throw new Error(`expected ${lines} accounts and enrolments, got ${real.result.created} and ${real.result.enrolled}`);
      runs.push({
        lines,
        dryRun: { seconds: round(dry.seconds), linesPerSecond: Math.round(lines / dry.seconds), cpuSeconds: round(dry.cpuSeconds), peakRssGrowthMb: round(dry.peakRssGrowthMb, 1), rssBeforeMb: round(dry.rssBeforeMb, 1), peakRssMb: round(dry.peakRssMb, 1) },
        real: {
          seconds: round(real.seconds),
          linesPerSecond: Math.round(lines / real.seconds),
          cpuSeconds: round(real.cpuSeconds),
          peakRssGrowthMb: round(real.peakRssGrowthMb, 1),
          rssBeforeMb: round(real.rssBeforeMb, 1),
          peakRssMb: round(real.peakRssMb, 1),
          created: real.result.created,
          enrolled: real.result.enrolled,
        },
      });
    }
    const bySize = [...runs].sort((a, b) => a.lines - b.lines);
    const biggest = bySize.at(-1)!;
    const next = bySize.at(-2) ?? biggest;
    return {
      database,
      runs,
      target: {
        seconds: TARGET_SECONDS,
        met: runs.every((r) => r.lines > 5_000 || r.real.seconds < TARGET_SECONDS),
        flatMemorySlackMb: FLAT_SLACK_MB,
        flat: biggest.real.peakRssGrowthMb - next.real.peakRssGrowthMb <= FLAT_SLACK_MB,
      },
    };
  });
}

export function printBulkEnrol(results: BulkEnrolResult): void {
  for (const result of results) {
    console.log(`\nBulk enrolment (CSV into a course, the built server, ${result.database === 'pglite' ? 'PGlite: the database in the API process' : 'the PostgreSQL server'})`);
    for (const run of result.runs) {
      for (const [label, r] of [['dry run', run.dryRun], ['real run', run.real]] as const) {
        console.log(`  ${String(run.lines).padStart(6)} lines  ${label.padEnd(8)}  ${r.seconds.toFixed(2).padStart(6)} s  ${String(r.linesPerSecond).padStart(6)} lines/s  API CPU ${r.cpuSeconds.toFixed(2)} s  API RSS ${r.rssBeforeMb} -> peak ${r.peakRssMb} MB (+${r.peakRssGrowthMb})`);
      }
    }
    console.log(`  target: 5,000 lines in under ${result.target.seconds} s: ${result.target.met ? 'met' : 'NOT met'}; the largest file's peak growth within ${result.target.flatMemorySlackMb} MB of the next one's: ${result.target.flat ? 'yes' : 'no'}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  bulkEnrolBenchmark()
    .then(printBulkEnrol)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
