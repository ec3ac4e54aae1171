/**
 * Write bursts (issue 26, point 5: the measurement). On the PostgreSQL server, on a running API server:
 *  - 200 quiz submissions at once (POST /api/quiz/answer, 200 participants, each with an attempt open),
 *    then each retried with its idempotency key (the same result, nothing stored twice);
 *  - 100 enrolments in one free course at once (POST /api/participant/enrollcourse/order, 100 participants),
 *    then each ordered again (a 409: not enrolled twice);
 *  - 200 messages to one instructor at once (POST /api/participant/message/send, 200 participants enrolled in
 *    one of their courses).
 * "At once": every request is started in the same tick (fetch, a connection each), and the bare Fastify route
 * gets a burst of the same size fired the same way just before, in the same run. For each: p50/p99/max,
 * the rows stored (counted in the database: exactly once), the target (p99 within 5 times the bare burst's),
 * and where the time goes:
 *  - CPU: the API process's and the database's backends' CPU during the burst (bench/cpu.ts), and the load
 *    generator's, against the burst's wall time × the machine's cores;
 *  - the pool: the server's pool is DATABASE_POOL_MAX connections a process (default 10; set it to try others): pg_stat_activity
 *    sampled every 20 ms from a connection of our own shows how many of the API's connections are busy
 *    (active or idle in transaction), and how often all 10 are (requests then wait for a connection);
 *  - lock and other waits: the same samples' wait_event_type/wait_event of the busy backends (Lock: row or
 *    transaction locks; LWLock/IO: WAL writes and flushes at commit; Client: the backend waits for the API);
 *  - password hashing: every participant signs in before the bursts (argon2id), timed apart, never inside one.
 *
 * Alone: `npx tsx bench/bursts.ts` (BENCH_BURST_WORKERS=2: the server with WORKERS=2, two processes of DATABASE_POOL_MAX connections) seeds the large catalog at BENCH_LARGE_SCALE (default 0.2 here) in a fresh
 * database on BENCH_PG_URL, starts the built server and runs the bursts; with the large-catalog benchmark
 * (`BENCH_ONLY=large,bursts`) they run on its seeded server database after the reads. Setup rows (an
 * instructor, two free courses, an assessment, the participants and their enrolments in the quiz course) are
 * written straight into the database, as bench/quiz.ts does.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Db } from '../apps/api/src/db/client';
import { enrollmentCountNow } from '../apps/api/src/db/enrolment-count';
import { assessmentQuestions, assessments, courses, enrollments, messages, orders, questionOptions, quizAnswers, quizAttempts, users } from '../apps/api/src/db/schema';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { seedLarge } from '../apps/api/src/seed/large/seed';
import { perRequest, startCpuMeter } from './cpu';
import { databaseNameOf, withFreshDatabase } from './databases';
import { inBatches, withBareServer, withServer } from './support';

const QUIZ = Number(process.env.BENCH_BURST_QUIZ ?? 200);
const ENROL = Number(process.env.BENCH_BURST_ENROL ?? 100);
const MESSAGES = Number(process.env.BENCH_BURST_MESSAGES ?? 200);
const QUESTIONS = 5;
const WARMUP = 10;
const SAMPLE_MS = 20;
/** The server's pool per process: DATABASE_POOL_MAX (default 10), which the server started here inherits. */
const POOL_SIZE = Number(process.env.DATABASE_POOL_MAX ?? 10);
const TARGET_TIMES_BARE = 5;
const PASSWORD = 'Bench-burst-password-1';
/** Alone (npx tsx bench/bursts.ts): the server's WORKERS (node:cluster processes, DATABASE_POOL_MAX connections each), to see what more connections change. */
const WORKERS = Number(process.env.BENCH_BURST_WORKERS ?? 1);

interface Latencies {
  p50ms: number;
  p99ms: number;
  maxMs: number;
  non2xx: number;
}
export interface WhereTimeGoes {
  wallMs: number;
  cpu: {
    apiMs: number | null;
    postgresMs: number | null;
    postgresAuxiliaryMs: number | null;
    loaderMs: number;
    perRequest: { api: number | null; postgres: number | null };
    /** The API, its backends and the load generator together, as a share of the machine's cores over the burst. */
    shareOfMachine: number | null;
    /** The whole machine's busy share over the burst, whoever used it (other jobs on a shared machine too). */
    machineBusyShare: number | null;
  };
  samples: number;
  /** Connections of the API to the database seen busy (active or idle in transaction), on average and at most. */
  busyConnections: { mean: number; max: number };
  /** Share of samples with all POOL_SIZE connections busy: requests then wait for one. */
  poolSaturatedShare: number;
  /** Busy-backend samples by wait (e.g. "Lock:transactionid", "IO:WALSync", "running" for none): shares of all busy-backend samples. */
  waits: Record<string, number>;
  lockWaitShare: number;
}
export interface BurstFigures {
  requests: number;
  latency: Latencies;
  bare: Latencies;
  p99TimesBare: number;
  target: { p99WithinTimesBare: number; met: boolean };
  stored: Record<string, number | boolean>;
  exactlyOnce: boolean;
  where: WhereTimeGoes;
}
export interface BurstsResult {
  date: string;
  machine: { cpus: number; loadAverageBefore: number[] };
  signIns: { count: number; p50ms: number; p99ms: number; seconds: number };
  workers: number;
  pool: string;
  quiz: BurstFigures;
  enrolments: BurstFigures;
  messages: BurstFigures;
}

const round = (n: number) => Math.round(n * 10) / 10;
const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN);

function latencies(results: { status: number; ms: number }[], ok = 200): Latencies {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return { p50ms: round(quantile(sorted, 0.5)), p99ms: round(quantile(sorted, 0.99)), maxMs: round(sorted[sorted.length - 1] ?? NaN), non2xx: results.filter((r) => r.status !== ok).length };
}

async function call(url: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const started = performance.now();
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}), 'accept-language': 'en' },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}

async function data<T>(url: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await call(url, init);
  if (res.status !== 200) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
  return (JSON.parse(res.text) as { data: T }).data;
}


/** Every request started in the same tick. */
const atOnce = <T>(items: T[], send: (item: T, i: number) => Promise<{ status: number; ms: number; text?: string }>) => Promise.all(items.map((item, i) => send(item, i)));

/** pg_stat_activity of `dbName` every SAMPLE_MS from a connection of our own, until stopped. */
async function startActivitySampler(databaseUrl: string, dbName: string, exclude: Set<number>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const own = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  exclude.add(own);
  const samples: { busy: number; waits: string[] }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const rows = (
        await client.query<{ pid: number; state: string | null; wait_event_type: string | null; wait_event: string | null }>(
          "select pid, state, wait_event_type, wait_event from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
          [dbName],
        )
      ).rows.filter((r) => !exclude.has(r.pid));
      const busy = rows.filter((r) => r.state === 'active' || r.state === 'idle in transaction' || r.state === 'idle in transaction (aborted)');
      samples.push({ busy: busy.length, waits: busy.map((r) => (r.state !== 'active' ? 'idle in transaction' : r.wait_event_type ? `${r.wait_event_type}:${r.wait_event}` : 'running')) });
      await new Promise((r) => setTimeout(r, Math.max(0, SAMPLE_MS - (performance.now() - started))));
    }
  })();
  return {
    ownPid: own,
    stop: async () => {
      running = false;
      await loop;
      await client.end();
      return samples;
    },
  };
}

function summarise(samples: { busy: number; waits: string[] }[], poolSize: number): Omit<WhereTimeGoes, 'wallMs' | 'cpu'> {
  const waits: Record<string, number> = {};
  let all = 0;
  for (const s of samples) {
    for (const w of s.waits) {
      waits[w] = (waits[w] ?? 0) + 1;
      all++;
    }
  }
  const shares = Object.fromEntries(
    Object.entries(waits)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => [k, Number((n / Math.max(all, 1)).toFixed(3))]),
  );
  const lock = Object.entries(waits)
    .filter(([k]) => k.startsWith('Lock:'))
    .reduce((n, [, v]) => n + v, 0);
  return {
    samples: samples.length,
    busyConnections: { mean: round(samples.reduce((n, s) => n + s.busy, 0) / Math.max(samples.length, 1)), max: Math.max(0, ...samples.map((s) => s.busy)) },
    poolSaturatedShare: Number((samples.filter((s) => s.busy >= poolSize).length / Math.max(samples.length, 1)).toFixed(3)),
    waits: shares,
    lockWaitShare: Number((lock / Math.max(all, 1)).toFixed(3)),
  };
}

/** One burst: the bare route's burst of the same size, then `fire` measured (CPU and pg_stat_activity meanwhile). */
async function burst(
  ctx: { bareUrl: string; apiPid: number; databaseUrl: string; dbName: string; exclude: Set<number>; poolSize: number },
  size: number,
  fire: () => Promise<{ status: number; ms: number }[]>,
): Promise<{ results: { status: number; ms: number }[]; latency: Latencies; bare: Latencies; where: WhereTimeGoes }> {
  const bareResults = await atOnce(
    Array.from({ length: size }, (_, i) => i),
    () => call(ctx.bareUrl),
  );
  const sampler = await startActivitySampler(ctx.databaseUrl, ctx.dbName, ctx.exclude);
  const meter = startCpuMeter(ctx.apiPid, ctx.dbName, ctx.exclude);
  const started = performance.now();
  const results = await fire();
  const wallMs = performance.now() - started;
  const used = meter.stop();
  const samples = await sampler.stop();
  ctx.exclude.delete(sampler.ownPid);
  const busyCpu = (used.apiMs ?? 0) + (used.postgresMs ?? 0) + used.loaderMs;
  return {
    results,
    latency: latencies(results),
    bare: latencies(bareResults),
    where: {
      wallMs: Math.round(wallMs),
      cpu: {
        apiMs: used.apiMs === null ? null : Math.round(used.apiMs),
        postgresMs: used.postgresMs === null ? null : Math.round(used.postgresMs),
        postgresAuxiliaryMs: used.postgresAuxiliaryMs === null ? null : Math.round(used.postgresAuxiliaryMs),
        loaderMs: Math.round(used.loaderMs),
        perRequest: { api: perRequest(used.apiMs, size), postgres: perRequest(used.postgresMs, size) },
        shareOfMachine: used.apiMs === null ? null : Number((busyCpu / (wallMs * cpus().length)).toFixed(2)),
        machineBusyShare: used.machineBusyShare,
      },
      ...summarise(samples, ctx.poolSize),
    },
  };
}

function figures(b: Awaited<ReturnType<typeof burst>>, stored: Record<string, number | boolean>, exactlyOnce: boolean): BurstFigures {
  const p99TimesBare = Number((b.latency.p99ms / Math.max(b.bare.p99ms, 0.1)).toFixed(1));
  return {
    requests: b.results.length,
    latency: b.latency,
    bare: b.bare,
    p99TimesBare,
    target: { p99WithinTimesBare: TARGET_TIMES_BARE, met: p99TimesBare <= TARGET_TIMES_BARE && b.latency.non2xx === 0 },
    stored,
    exactlyOnce,
    where: b.where,
  };
}

/** The three bursts against the API server at `base` (process `apiPid`) on the database `databaseUrl` (named `dbName`). */
/** `count` single-choice questions of three options (the first correct) on an assessment: the bursts' quiz and profile-bursts.ts's. */
export async function addSingleChoiceQuestions(db: Db, assessmentId: number, count: number): Promise<{ id: number; options: number[] }[]> {
  const questions: { id: number; options: number[] }[] = [];
  for (let i = 0; i < count; i++) {
    const [q] = await db.insert(assessmentQuestions).values({ assessmentId, type: 'single', text: `Question ${i + 1}`, position: i }).returning();
    const options = await db
      .insert(questionOptions)
      .values(['A', 'B', 'C'].map((text, k) => ({ questionId: q!.id, text, isCorrect: k === 0, position: k })))
      .returning();
    questions.push({ id: q!.id, options: options.map((o) => o.id) });
  }
  return questions;
}

export async function burstsOn(base: string, apiPid: number, databaseUrl: string, dbName: string, workers = 1): Promise<BurstsResult> {
  const poolSize = POOL_SIZE * workers;
  const loadAverageBefore = loadavg().map(round);
  const database = await openDatabase({ url: databaseUrl });
  // Our own connections (setup and counting): not the API's, so not counted as its backends.
  const exclude = new Set<number>();
  try {
    const { db } = database;
    const tag = Date.now().toString(36);
    const passwordHash = await hashPassword(PASSWORD);
    const [instructor] = await db.insert(users).values({ role: 'instructor', name: 'Bench burst instructor', email: `burst-instructor-${tag}@bench.test`, passwordHash }).returning();
    const course = (title: string) => ({ title, language: 'en' as const, approveStatus: 'approved' as const, completionStatus: 'complete' as const, instructorId: instructor!.id, priceMinor: 0, reviewedAt: new Date() });
    const [quizCourse] = await db.insert(courses).values(course('Burst benchmark: quiz and messages')).returning();
    const [enrolCourse] = await db.insert(courses).values(course('Burst benchmark: enrolments')).returning();
    const [assessment] = await db.insert(assessments).values({ courseId: quizCourse!.id, title: 'Burst quiz', passMark: 60, timeLimitMinutes: 30 }).returning();
    const questions = await addSingleChoiceQuestions(db, assessment!.id, QUESTIONS);
    const needed = Math.max(QUIZ, ENROL, MESSAGES) + WARMUP;
    const people = await db
      .insert(users)
      .values(Array.from({ length: needed }, (_, i) => ({ role: 'participant' as const, name: `Burst participant ${i + 1}`, email: `burst-${tag}-${i}@bench.test`, passwordHash })))
      .returning();
    await db.insert(enrollments).values(people.map((p) => ({ participantId: p.id, courseId: quizCourse!.id })));

    // Sign-ins first: the password hashing is timed here, never inside a burst.
    const signStarted = performance.now();
    const signTimes: number[] = [];
    const tokens = await inBatches(people, 4, async (p) => {
      const started = performance.now();
      const t = (await data<{ token: string }>(`${base}/api/participant/login`, { method: 'POST', body: { email: p.email, password: PASSWORD, returnSecureToken: true } })).token;
      signTimes.push(performance.now() - started);
      return t;
    });
    const signSeconds = round((performance.now() - signStarted) / 1000);
    signTimes.sort((a, b) => a - b);
    const warm = tokens.slice(0, WARMUP);
    const main = tokens.slice(WARMUP);

    const quizTokens = main.slice(0, QUIZ);
    const opened = await inBatches([...warm, ...quizTokens], 8, async (token) => ({
      token,
      attemptId: (await data<{ attempt: { id: number } }>(`${base}/api/participant/assessment-details/${assessment!.id}?start=1`, { token })).attempt.id,
      key: randomUUID(),
    }));
    const answerBody = (a: (typeof opened)[number], i: number) => ({
      attempt_id: a.attemptId,
      idempotency_key: a.key,
      answers: questions.map((q, k) => ({ question_id: q.id, option_ids: [q.options[(i + k) % 3]!] })),
    });
    // Warm-ups: each route a few times, by other participants.
    for (const [i, a] of opened.slice(0, WARMUP).entries()) {
      await data(`${base}/api/quiz/answer`, { method: 'POST', token: a.token, body: answerBody(a, i) });
      await data(`${base}/api/participant/enrollcourse/order`, { method: 'POST', token: a.token, body: { course_id: enrolCourse!.id } });
      await data(`${base}/api/participant/message/send`, { method: 'POST', token: a.token, body: { Toid: instructor!.id, msg: `Warm-up message ${i}` } });
    }

    return await withBareServer('{"success":true}', async (bareUrl) => {
      const ctx = { bareUrl, apiPid, databaseUrl, dbName, exclude, poolSize };

      // 1. Quiz submissions.
      const attempts = opened.slice(WARMUP);
      const firsts: string[] = [];
      const quizBurst = await burst(ctx, attempts.length, () =>
        atOnce(attempts, async (a, i) => {
          const res = await call(`${base}/api/quiz/answer`, { method: 'POST', token: a.token, body: answerBody(a, i) });
          firsts[i] = res.text;
          return res;
        }),
      );
      const retries = await inBatches(
        attempts.map((a, i) => ({ a, i })),
        8,
        ({ a, i }) => call(`${base}/api/quiz/answer`, { method: 'POST', token: a.token, body: answerBody(a, i) }),
      );
      const sameResult = retries.filter((r, i) => r.status === 200 && (JSON.parse(r.text) as { data: { id: number } }).data.id === (JSON.parse(firsts[i]!) as { data?: { id: number } }).data?.id).length;
      const attemptIds = attempts.map((a) => a.attemptId);
      const [submitted] = await db.select({ n: count() }).from(quizAttempts).where(and(inArray(quizAttempts.id, attemptIds), isNotNull(quizAttempts.submittedAt)));
      const [answers] = await db.select({ n: count() }).from(quizAnswers).where(inArray(quizAnswers.attemptId, attemptIds));
      const quiz = figures(
        quizBurst,
        { submissions: submitted?.n ?? 0, answers: answers?.n ?? 0, expectedAnswers: attempts.length * QUESTIONS, retriesSameResult: sameResult },
        quizBurst.latency.non2xx === 0 && submitted?.n === attempts.length && answers?.n === attempts.length * QUESTIONS && sameResult === attempts.length,
      );

      // 2. Enrolments in one course.
      const enrolTokens = main.slice(0, ENROL);
      const enrolBurst = await burst(ctx, enrolTokens.length, () =>
        atOnce(enrolTokens, (token) => call(`${base}/api/participant/enrollcourse/order`, { method: 'POST', token, body: { course_id: enrolCourse!.id } })),
      );
      const again = await inBatches(enrolTokens, 8, (token) => call(`${base}/api/participant/enrollcourse/order`, { method: 'POST', token, body: { course_id: enrolCourse!.id } }));
      const [enrolled] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.courseId, enrolCourse!.id));
      const [ordered] = await db.select({ n: count() }).from(orders).where(eq(orders.courseId, enrolCourse!.id));
      // The exact figure the pages show: the folded counter plus the deltas not folded yet (migration 0013).
      const [counter] = await db.select({ n: enrollmentCountNow }).from(courses).where(eq(courses.id, enrolCourse!.id));
      const expected = enrolTokens.length + WARMUP;
      const enrolments = figures(
        enrolBurst,
        { enrolments: enrolled?.n ?? 0, orders: ordered?.n ?? 0, expected, enrollmentCount: counter?.n ?? 0, secondOrderRefused: again.filter((r) => r.status === 409).length },
        enrolBurst.latency.non2xx === 0 && enrolled?.n === expected && ordered?.n === expected && counter?.n === expected && again.every((r) => r.status === 409),
      );

      // 3. Messages to one instructor.
      const messageTokens = main.slice(0, MESSAGES);
      const messageBurst = await burst(ctx, messageTokens.length, () =>
        atOnce(messageTokens, (token, i) => call(`${base}/api/participant/message/send`, { method: 'POST', token, body: { Toid: instructor!.id, msg: `Burst message ${i}: سؤال عن الدرس` } })),
      );
      const [received] = await db.select({ n: count() }).from(messages).where(eq(messages.toId, instructor!.id));
      const senders = await db.selectDistinct({ id: messages.fromId }).from(messages).where(eq(messages.toId, instructor!.id));
      const expectedMessages = messageTokens.length + WARMUP;
      const messageFigures = figures(
        messageBurst,
        { messages: received?.n ?? 0, senders: senders.length, expected: expectedMessages },
        messageBurst.latency.non2xx === 0 && received?.n === expectedMessages && senders.length === expectedMessages,
      );

      return {
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, loadAverageBefore },
        signIns: { count: signTimes.length, p50ms: Math.round(quantile(signTimes, 0.5)), p99ms: Math.round(quantile(signTimes, 0.99)), seconds: signSeconds },
        workers,
        pool: `${POOL_SIZE} connections per API process (DATABASE_POOL_MAX), ${workers} process${workers > 1 ? 'es (WORKERS)' : ''}: ${poolSize} in all`,
        quiz,
        enrolments,
        messages: messageFigures,
      };
    });
  } finally {
    await database.close();
  }
}

export function printBursts(r: BurstsResult) {
  console.log(
    `\nWrite bursts on PostgreSQL (all requests started at once; the bare route's burst of the same size just before; load average ${r.machine.loadAverageBefore.join(' ')})` +
      `\n  sign-ins before the bursts (argon2id, 4 at a time): ${r.signIns.count} in ${r.signIns.seconds} s, p50 ${r.signIns.p50ms} ms, p99 ${r.signIns.p99ms} ms` +
      `\n  pool: ${r.pool}`,
  );
  for (const [name, f] of [
    ['quiz submissions', r.quiz],
    ['enrolments, one course', r.enrolments],
    ['messages, one instructor', r.messages],
  ] as const) {
    const w = f.where;
    console.log(
      `  ${`${f.requests} ${name}`.padEnd(30)} p50 ${f.latency.p50ms} ms  p99 ${f.latency.p99ms} ms  max ${f.latency.maxMs} ms  non-2xx ${f.latency.non2xx}` +
        `  | bare p50 ${f.bare.p50ms} p99 ${f.bare.p99ms} max ${f.bare.maxMs}  | p99 ${f.p99TimesBare}× bare: ${f.target.met ? 'met' : 'NOT met'} (<= ${f.target.p99WithinTimesBare}×)` +
        `\n    stored: ${JSON.stringify(f.stored)} exactly once: ${f.exactlyOnce ? 'yes' : 'NO'}` +
        `\n    where the time goes: ${w.wallMs} ms wall; CPU API ${w.cpu.apiMs} ms (${w.cpu.perRequest.api}/req), PG backends ${w.cpu.postgresMs} ms (${w.cpu.perRequest.postgres}/req), PG auxiliary ${w.cpu.postgresAuxiliaryMs} ms, load generator ${w.cpu.loaderMs} ms: ${w.cpu.shareOfMachine === null ? '?' : Math.round(w.cpu.shareOfMachine * 100)} % of the machine's cores (the machine ${w.cpu.machineBusyShare === null ? '?' : Math.round(w.cpu.machineBusyShare * 100)} % busy, other jobs included)` +
        `\n    pool: ${w.busyConnections.mean} connections busy on average (max ${w.busyConnections.max}), all busy in ${Math.round(w.poolSaturatedShare * 100)} % of ${w.samples} samples; lock waits ${Math.round(w.lockWaitShare * 100)} % of busy-backend samples` +
        `\n    busy backends by wait: ${Object.entries(w.waits)
          .slice(0, 8)
          .map(([k, v]) => `${k} ${Math.round(v * 100)} %`)
          .join(', ')}`,
    );
  }
}

/** Alone: a fresh database on the server with the large catalog, the built server on it, and the bursts. */
export async function burstsBenchmark(): Promise<BurstsResult> {
  const scale = Number(process.env.BENCH_LARGE_SCALE ?? 0.2);
  return withFreshDatabase('bursts', async (url) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-bursts-'));
    try {
      const database = await openDatabase({ url });
      try {
        await migrateDatabase(database);
        await seedLarge(database.db, { scale });
      } finally {
        await database.close();
      }
      return await withServer(dataDir, { DATABASE_URL: url, SEED_DEMO: 'false', WORKERS: String(WORKERS) }, (base, pid) => burstsOn(base, pid, url, databaseNameOf(url), WORKERS));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await burstsBenchmark();
  printBursts(result);
  const { recordBench } = await import('./record');
  recordBench(WORKERS > 1 ? `bursts${WORKERS}Workers` : 'bursts', result);
  console.log('  written to bench/results/latest.json');
}
