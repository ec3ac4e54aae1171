/**
 * Gradebook benchmark (issue 30, point 4; part of `npm run bench`: BENCH_ONLY=gradebook; or alone: `npx tsx bench/gradebook.ts`).
 * Starts the API server as `npm start` runs it (the bundle, plain Node, the demo data) on a fresh database of the
 * PostgreSQL server, adds one course of instructor@example.com with 5,000 learners (BENCH_GRADEBOOK_LEARNERS) by 50 items
 * (30 assessments and 20 assignments, beside 20 lectures), with what learners do: lectures completed, attempts passed,
 * failed or waiting, assignments handed in and graded, some late. Then, signed in as the instructor, it reads the
 * gradebook as an instructor browses it: every sort both ways, every filter, the first pages, and 100 name searches
 * (Arabic without hamza or with taa marbuta as people type them, and English), each URL once, one at a time (p50, p99,
 * max: what one instructor waits for), then 10 at a time for 10 s; with the CPU milliseconds per request of the API
 * process and of PostgreSQL's backends, beside a bare Fastify route in the same run.
 * Target: a page in under 500 ms (p99, one at a time) for 5,000 learners by 50 items.
 * Then exports (issue 30, point 7): the gradebook of courses of 10,000 and 100,000 learners (BENCH_EXPORT_LEARNERS) by 5 items,
 * as CSV and as XLSX, read to the end: rows, megabytes, seconds, the API's CPU seconds and its peak resident memory growth
 * (target: flat, the same for 100,000 rows as for 10,000). BENCH_SERVER_HEAP_MB=256 caps the server's heap, so an export that
 * held its rows could not finish.
 */
import { pathToFileURL } from 'node:url';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import pg from 'pg';
import { buildUserSearchText } from '../packages/contract/src/search-text';
import { databaseNameOf, withFreshDatabase } from './databases';
import { perRequest, startCpuMeter } from './cpu';
import { withBareServer, withDemoServer } from './support';
import { cpuSecondsOf, rssMbOf } from './bulk-enrol';

const LEARNERS = Number(process.env.BENCH_GRADEBOOK_LEARNERS ?? 5_000);
const ASSESSMENTS = 30;
const ASSIGNMENTS = 20;
const LECTURES = 20;
const TARGET_P99_MS = 500;

const FIRST_AR = ['أحمد', 'فاطمة', 'يوسف', 'مريم', 'إيمان', 'عمر', 'سارة', 'هدى', 'إبراهيم', 'ليلى', 'أسامة', 'رقية'];
const LAST_AR = ['القحطاني', 'الحسن', 'عبد الله', 'المصري', 'الشهري', 'العلي', 'الأنصاري', 'الزهراني'];
const FIRST_EN = ['Layla', 'Omar', 'Nadia', 'Sam', 'Huda', 'Peter', 'Amira', 'John'];
const LAST_EN = ['Hassan', 'Farouk', 'Karim', 'Salem', 'Park', 'Aziz', 'Smith', 'Khan'];
/** What people type: no hamza, taa marbuta as haa, a surname, an English name, part of an email. */
const SEARCHES = ['احمد', 'ايمان', 'ساره', 'فاطمه', 'ابراهيم', 'اسامه', 'القحطاني', 'عبد الله', 'الانصاري', 'ليلى', 'layla', 'omar', 'karim', 'smith', 'huda s', 'gb.12', 'gb.4'];

/** Export sizes (issue 30, point 7): the gradebook of a course this large, as CSV and as XLSX. */
const EXPORT_SIZES = (process.env.BENCH_EXPORT_LEARNERS ?? '10000,100000').split(',').map(Number);

export interface ExportRun {
  learners: number;
  format: 'csv' | 'xlsx';
  rows: number;
  megabytes: number;
  seconds: number;
  apiCpuSeconds: number;
  rssBeforeMb: number;
  peakRssGrowthMb: number;
}

export interface GradebookBenchResult {
  exports: ExportRun[];
  learners: number;
  items: number;
  urls: number;
  oneAtATime: { p50ms: number; p99ms: number; maxMs: number; apiCpuMsPerRequest: number | null; postgresCpuMsPerRequest: number | null };
  tenAtATime: { requestsPerSecond: number; p50ms: number; p99ms: number; apiCpuMsPerRequest: number | null; postgresCpuMsPerRequest: number | null; non2xx: number };
  bareRoute: { oneAtATimeP99ms: number; tenAtATime: { requestsPerSecond: number; p99ms: number } };
  target: { p99UnderMs: number; met: boolean };
}

/** One export read to its end as a browser would save it, measured: rows, bytes, seconds, the server's CPU and its peak memory growth. */
async function measureExport(base: string, pid: number, headers: Record<string, string>, courseId: number, learners: number, format: 'csv' | 'xlsx'): Promise<ExportRun> {
  const rssBefore = rssMbOf(pid);
  const cpuBefore = cpuSecondsOf(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMbOf(pid))), 20);
  const started = performance.now();
  let bytes = 0;
  let newlines = 0;
  try {
    const res = await fetch(`${base}/api/instructor/gradebook/${courseId}/export?format=${format}`, { headers: { authorization: headers.authorization! } });
    if (!res.ok || !res.body) throw new Error(`export ${format}: ${res.status}`);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (format === 'csv') for (const b of chunk) if (b === 10) newlines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMbOf(pid));
  return {
    learners,
    format,
    rows: format === 'csv' ? newlines - 1 : learners,
    megabytes: Math.round((bytes / 1_048_576) * 10) / 10,
    seconds: Math.round(seconds * 100) / 100,
    apiCpuSeconds: Math.round((cpuSecondsOf(pid) - cpuBefore) * 100) / 100,
    rssBeforeMb: Math.round(rssBefore),
    peakRssGrowthMb: Math.round((peak - rssBefore) * 10) / 10,
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The course, its items and its learners' work, in a few statements of generated rows. */
export async function seedGradebook(url: string, shape: { title: string; learners: number; assessments: number; assignments: number; lectures: number } = { title: 'Gradebook bench course', learners: LEARNERS, assessments: ASSESSMENTS, assignments: ASSIGNMENTS, lectures: LECTURES }): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: [teacher] } = await client.query<{ id: number }>(`select id from users where email = 'instructor@example.com'`);
    const { rows: [course] } = await client.query<{ id: number }>(
      `insert into courses (title, instructor_id, language, approve_status, completion_status) values ($2, $1, 'ar', 'approved', 'complete') returning id`,
      [teacher!.id, shape.title],
    );
    const courseId = course!.id;
    const { rows: [section] } = await client.query<{ id: number }>(`insert into sections (course_id, title, position) values ($1, 'Section', 0) returning id`, [courseId]);
    await client.query(`insert into lectures (course_id, section_id, title, position, duration_seconds) select $1, $2, 'Lecture ' || g, g, 300 from generate_series(1, ${shape.lectures}) g`, [courseId, section!.id]);
    await client.query(`insert into assessments (course_id, title, pass_mark, position) select $1, 'Quiz ' || g, 60, g from generate_series(1, ${shape.assessments}) g`, [courseId]);
    await client.query(
      `insert into assignments (course_id, section_id, title, kind, points, pass_mark, position) select $1, $2, 'Assignment ' || g, 'text', 10, 50, g from generate_series(1, ${shape.assignments}) g`,
      [courseId, section!.id],
    );
    const people = Array.from({ length: shape.learners }, (_, i) => {
      const arabic = i % 3 !== 2;
      const name = arabic ? `${FIRST_AR[i % FIRST_AR.length]} ${LAST_AR[(i >> 2) % LAST_AR.length]}` : `${FIRST_EN[i % FIRST_EN.length]} ${LAST_EN[(i >> 2) % LAST_EN.length]}`;
      const email = `gb.${courseId}.${i}@bench.example`;
      return { name, email, search_text: buildUserSearchText(name, email), days: i % 90 };
    });
    await client.query(
      `with u as (
         insert into users (role, name, email, password_hash, search_text, lang)
         select 'participant', p.name, p.email, 'x', p.search_text, 'ar' from json_to_recordset($1::json) as p(name text, email text, search_text text, days int)
         returning id, email)
       insert into enrollments (participant_id, course_id, created_at, completed_at)
       select u.id, $2, now() - make_interval(days => p.days + 1), case when p.days % 10 = 0 then now() - interval '1 day' end
       from u join json_to_recordset($1::json) as p(name text, email text, search_text text, days int) on p.email = u.email`,
      [JSON.stringify(people), courseId],
    );
    // Lectures completed: 0 to 20 each; a few quiet for weeks (at risk).
    await client.query(
      `insert into lecture_progress (participant_id, lecture_id, course_id, position_seconds, watched_seconds, completed_at, updated_at)
       select e.participant_id, l.id, $1, 300, 300, now() - make_interval(days => (e.participant_id % 30)), now() - make_interval(days => (e.participant_id % 30))
       from enrollments e join lectures l on l.course_id = e.course_id and l.position <= (e.participant_id % ${shape.lectures + 1})
       where e.course_id = $1`,
      [courseId],
    );
    // Two in three learners tried each assessment; some failed first and passed later; a few wait for a check.
    await client.query(
      `insert into quiz_attempts (assessment_id, course_id, participant_id, number, status, pass_mark, started_at, submitted_at, score, max_score)
       select a.id, $1, e.participant_id, n,
         case when (e.participant_id + a.id) % 17 = 0 and n = 1 then 'pending' when n = 1 and (e.participant_id + a.id) % 5 = 0 then 'failed' else 'passed' end,
         60, now() - interval '2 days', now() - interval '2 days',
         case when n = 1 and (e.participant_id + a.id) % 5 = 0 then 2 else 5 + (e.participant_id + a.id) % 2 end, 6
       from enrollments e join assessments a on a.course_id = e.course_id
       cross join generate_series(1, case when (e.participant_id + a.id) % 10 = 0 then 2 else 1 end) n
       where e.course_id = $1 and (e.participant_id + a.id) % 3 <> 0`,
      [courseId],
    );
    await client.query(
      `insert into assignment_submissions (assignment_id, course_id, participant_id, text, submitted_at, late, score, graded_at)
       select s.id, $1, e.participant_id, 'work', now() - interval '3 days', (e.participant_id + s.id) % 7 = 0,
         case when (e.participant_id + s.id) % 4 = 0 then (e.participant_id + s.id) % 11 end,
         case when (e.participant_id + s.id) % 4 = 0 then now() - interval '1 day' end
       from enrollments e join assignments s on s.course_id = e.course_id
       where e.course_id = $1 and (e.participant_id + s.id) % 2 = 0`,
      [courseId],
    );
    await client.query('analyze');
    return courseId;
  } finally {
    await client.end();
  }
}

function urlsOf(courseId: number): string[] {
  const urls: string[] = [];
  for (const sort of ['name', 'progress', 'grade', 'last_studied', 'enrolled'])
    for (const order of ['asc', 'desc'])
      for (const filter of ['', 'not_started', 'behind', 'failed', 'completed'])
        for (const page of [1, 2, 5]) urls.push(`/api/instructor/gradebook/${courseId}?sort=${sort}&order=${order}&filter=${filter}&page=${page}&perPage=25`);
  for (const [i, search] of SEARCHES.entries())
    for (const sort of ['name', 'grade', 'progress'])
      for (const page of [1, 2]) urls.push(`/api/instructor/gradebook/${courseId}?search=${encodeURIComponent(search)}&sort=${sort}&order=${i % 2 ? 'asc' : 'desc'}&page=${page}`);
  // Shuffled: one URL after another never repeats what the database has just read.
  return urls.map((u, i) => [u, (i * 2_654_435_761) % 4_294_967_296] as const).sort((a, b) => a[1] - b[1]).map(([u]) => u);
}

async function oneAtATime(base: string, urls: string[], headers: Record<string, string>) {
  const times: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50ms: Math.round(quantile(times, 0.5)), p99ms: Math.round(quantile(times, 0.99)), maxMs: Math.round(times.at(-1) ?? 0) };
}

async function tenAtATime(base: string, urls: string[], headers: Record<string, string>) {
  let next = 0;
  const result = await autocannon({
    url: `${base}${urls[0]}`,
    connections: 10,
    duration: 10,
    requests: [{ setupRequest: (request: CannonRequest): CannonRequest => ({ ...request, path: urls[next++ % urls.length]!, headers: { ...request.headers, ...headers } }) }],
  });
  return { requestsPerSecond: Math.round(result.requests.total / Math.max(result.duration, 0.001)), p50ms: result.latency.p50, p99ms: result.latency.p99, non2xx: result.non2xx, requests: result.requests.total };
}

/**
 * BENCH_SERVER_HEAP_MB caps the API server's JavaScript heap (--max-old-space-size): an export that held its rows would
 * run out of memory and the server would die; one that streams them finishes whatever their number.
 */
function serverHeapCap(): Record<string, string> {
  const mb = Number(process.env.BENCH_SERVER_HEAP_MB ?? 0);
  return mb > 0 ? { NODE_OPTIONS: `--max-old-space-size=${mb}` } : {};
}

export async function gradebookBenchmark(): Promise<GradebookBenchResult> {
  return withFreshDatabase('gradebook', (url) =>
    withDemoServer('gradebook', { DATABASE_URL: url, MAIL_WORKER: 'false', ...serverHeapCap() }, async (base, pid) => {
      const courseId = await seedGradebook(url);
      const login = await fetch(`${base}/api/instructor/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'instructor@example.com', password: 'nibras-demo', returnSecureToken: true }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
      const urls = urlsOf(courseId);
      const check = (await (await fetch(`${base}${urls[0]}`, { headers })).json()) as { data: { items: unknown[]; summary: { learners: number } } };
      if (check.data.summary.learners !== LEARNERS || check.data.items.length !== 1 + ASSESSMENTS + ASSIGNMENTS) throw new Error(`unexpected gradebook: ${JSON.stringify(check.data.summary)}`);
      // Warm-up: the server's statements and the database's pages.
      await oneAtATime(base, urls.slice(0, 20), headers);
      const database = databaseNameOf(url);
      let meter = startCpuMeter(pid, database);
      const one = await oneAtATime(base, urls, headers);
      const oneCpu = meter.stop();
      meter = startCpuMeter(pid, database);
      const ten = await tenAtATime(base, urls, headers);
      const tenCpu = meter.stop();
      const exports: ExportRun[] = [];
      for (const learners of EXPORT_SIZES) {
        const exportCourse = await seedGradebook(url, { title: `Export bench course ${learners}`, learners, assessments: 3, assignments: 2, lectures: 5 });
        for (const format of ['csv', 'xlsx'] as const) exports.push(await measureExport(base, pid, headers, exportCourse, learners, format));
      }
      return withBareServer(JSON.stringify({ data: { learners: LEARNERS } }), async (bareUrl) => {
        const bareBase = bareUrl.replace(/\/bare$/, '');
        const bareUrls = urls.map(() => '/bare');
        const bareOne = await oneAtATime(bareBase, bareUrls, {});
        const bareTen = await tenAtATime(bareBase, bareUrls, {});
        return {
          exports,
          learners: LEARNERS,
          items: ASSESSMENTS + ASSIGNMENTS,
          urls: urls.length,
          oneAtATime: { ...one, apiCpuMsPerRequest: perRequest(oneCpu.apiMs, urls.length), postgresCpuMsPerRequest: perRequest(oneCpu.postgresMs, urls.length) },
          tenAtATime: { requestsPerSecond: ten.requestsPerSecond, p50ms: ten.p50ms, p99ms: ten.p99ms, non2xx: ten.non2xx, apiCpuMsPerRequest: perRequest(tenCpu.apiMs, ten.requests), postgresCpuMsPerRequest: perRequest(tenCpu.postgresMs, ten.requests) },
          bareRoute: { oneAtATimeP99ms: bareOne.p99ms, tenAtATime: { requestsPerSecond: bareTen.requestsPerSecond, p99ms: bareTen.p99ms } },
          target: { p99UnderMs: TARGET_P99_MS, met: one.p99ms < TARGET_P99_MS },
        };
      });
    }),
  );
}

export function printGradebook(r: GradebookBenchResult): void {
  console.log(`\nGradebook (the PostgreSQL server, the built server): ${r.learners} learners by ${r.items} items (and the lectures), ${r.urls} distinct pages, sorts, filters and searches`);
  console.log(`  one at a time     p50 ${r.oneAtATime.p50ms} ms  p99 ${r.oneAtATime.p99ms} ms  max ${r.oneAtATime.maxMs} ms  CPU a request: API ${r.oneAtATime.apiCpuMsPerRequest} ms, PostgreSQL ${r.oneAtATime.postgresCpuMsPerRequest} ms   (bare route p99 ${r.bareRoute.oneAtATimeP99ms} ms)`);
  console.log(`  10 at a time      ${r.tenAtATime.requestsPerSecond} req/s  p50 ${r.tenAtATime.p50ms} ms  p99 ${r.tenAtATime.p99ms} ms  non-2xx ${r.tenAtATime.non2xx}  CPU a request: API ${r.tenAtATime.apiCpuMsPerRequest} ms, PostgreSQL ${r.tenAtATime.postgresCpuMsPerRequest} ms   (bare route ${r.bareRoute.tenAtATime.requestsPerSecond} req/s, p99 ${r.bareRoute.tenAtATime.p99ms} ms)`);
  console.log(`  target: a page under ${r.target.p99UnderMs} ms (p99, one at a time): ${r.target.met ? 'met' : 'NOT met'}`);
  console.log('\nGradebook exports (streamed; the API process\'s resident memory sampled every 20 ms)');
  for (const e of r.exports) {
    console.log(`  ${String(e.learners).padStart(7)} learners  ${e.format.padEnd(4)}  ${String(e.rows).padStart(7)} rows  ${e.megabytes} MB  ${e.seconds} s  API CPU ${e.apiCpuSeconds} s  RSS ${e.rssBeforeMb} MB, peak +${e.peakRssGrowthMb} MB`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  gradebookBenchmark()
    .then(printGradebook)
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
