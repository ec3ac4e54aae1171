/**
 * Quiz load benchmark (part of `npm run bench`, or alone: `tsx bench/quiz.ts`).
 * Creates a fresh database on the PostgreSQL server (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432),
 * starts the API server on it, enrols 200 participants in a course with a five-question assessment and opens an
 * attempt for each; after a few warm-up submissions, the 200 submissions (POST /api/quiz/answer) arrive spread over the same 10 seconds, each
 * retried once with its idempotency key. Checks that every submission is stored exactly once and reports p50/p99
 * next to a bare Fastify route hit with the same arrival pattern in the same run. Target: p99 under 200 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { assessmentQuestions, assessments, courses, enrollments, questionOptions, quizAnswers, quizAttempts, users } from '../apps/api/src/db/schema';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { freePort, inBatches, stop, waitFor } from './support';

const root = fileURLToPath(new URL('..', import.meta.url));
const PARTICIPANTS = Number(process.env.BENCH_QUIZ_PARTICIPANTS ?? 200);
const WINDOW_MS = 10_000;
const QUESTIONS = 5;
const TARGET_P99_MS = 200;
/** Submissions sent before the measurement, so the first measured ones do not pay for warming up the server. */
const WARMUP = 10;
const PASSWORD = 'Bench-quiz-password-1';

export interface QuizBenchResult {
  participants: number;
  windowSeconds: number;
  submit: { p50ms: number; p99ms: number; maxMs: number; non2xx: number };
  bareRoute: { p50ms: number; p99ms: number };
  retries: { sameResult: number; non2xx: number };
  stored: { submissions: number; answers: number; expectedAnswers: number; exactlyOnce: boolean };
  target: { p99UnderMs: number; met: boolean };
}

function quantile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
}
const round = (n: number) => Math.round(n * 10) / 10;

async function call(base: string, method: 'GET' | 'POST', url: string, token: string | null, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), 'accept-language': 'en' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}

async function json<T>(base: string, method: 'GET' | 'POST', url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await call(base, method, url, token, body);
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
  return (JSON.parse(res.text) as { data: T }).data;
}


/** `PARTICIPANTS` requests spread evenly over the window, each started on time whatever the others do. */
function spread<T>(items: T[], send: (item: T) => Promise<{ status: number; ms: number }>) {
  const gap = WINDOW_MS / items.length;
  return Promise.all(items.map((item, i) => new Promise<{ status: number; ms: number }>((resolve, reject) => setTimeout(() => send(item).then(resolve, reject), i * gap))));
}

function latencies(results: { status: number; ms: number }[]) {
  const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
  return { p50ms: round(quantile(sorted, 0.5)), p99ms: round(quantile(sorted, 0.99)), maxMs: round(sorted[sorted.length - 1] ?? NaN), non2xx: results.filter((r) => r.status !== 200).length };
}

export async function quizBenchmark(): Promise<QuizBenchResult> {
  const serverUrl = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
  const dbName = `nibras_bench_quiz_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = `${serverUrl}/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-quiz-'));
  let server: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  const database = await openDatabase({ url: databaseUrl });
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${base}/api/category/namelist`, server);

    // Setup straight in the database (the server migrated it): one password hash for everybody.
    const { db } = database;
    const passwordHash = await hashPassword(PASSWORD);
    const [instructor] = await db.insert(users).values({ role: 'instructor', name: 'Bench instructor', email: `instructor@${dbName}.test`, passwordHash }).returning();
    const [course] = await db.insert(courses).values({ title: 'Quiz benchmark', language: 'en', approveStatus: 'approved', completionStatus: 'complete', instructorId: instructor!.id }).returning();
    const [assessment] = await db.insert(assessments).values({ courseId: course!.id, title: 'Benchmark quiz', passMark: 60, timeLimitMinutes: 30 }).returning();
    const questions: { id: number; options: number[] }[] = [];
    for (let i = 0; i < QUESTIONS; i++) {
      const [q] = await db.insert(assessmentQuestions).values({ assessmentId: assessment!.id, type: i % 2 ? 'multiple' : 'single', text: `Question ${i + 1}`, position: i }).returning();
      const options = await db
        .insert(questionOptions)
        .values(['A', 'B', 'C'].map((text, k) => ({ questionId: q!.id, text, isCorrect: k === 0 || (i % 2 === 1 && k === 1), position: k })))
        .returning();
      questions.push({ id: q!.id, options: options.map((o) => o.id) });
    }
    const participants = await db
      .insert(users)
      .values(Array.from({ length: PARTICIPANTS + WARMUP }, (_, i) => ({ role: 'participant' as const, name: `Bench participant ${i + 1}`, email: `p${i}@${dbName}.test`, passwordHash })))
      .returning();
    await db.insert(enrollments).values(participants.map((p) => ({ participantId: p.id, courseId: course!.id })));

    const sessions = await inBatches(participants, 4, async (p) =>
      (await json<{ token: string }>(base, 'POST', '/api/participant/login', null, { email: p.email, password: PASSWORD, returnSecureToken: true })).token,
    );
    const opened = await inBatches(sessions, 8, async (token) => ({
      token,
      attemptId: (await json<{ attempt: { id: number } }>(base, 'GET', `/api/participant/assessment-details/${assessment!.id}?start=1`, token)).attempt.id,
      key: randomUUID(),
    }));
    const bodyOf = (a: (typeof opened)[number], i: number) => ({
      attempt_id: a.attemptId,
      idempotency_key: a.key,
      answers: questions.map((q, k) => ({ question_id: q.id, option_ids: [q.options[(i + k) % 3]!] })),
    });

    const warmups = opened.slice(PARTICIPANTS);
    const attempts = opened.slice(0, PARTICIPANTS);
    for (const [i, a] of warmups.entries()) await json(base, 'POST', '/api/quiz/answer', a.token, bodyOf(a, i));

    // The baseline: the bare route with the same arrival pattern, in this run.
    const barePort = await freePort();
    bare = spawn(path.join(root, 'node_modules/.bin/tsx'), ['bench/bare-server.ts'], { cwd: root, env: { ...process.env, PORT: String(barePort) }, stdio: ['ignore', 'ignore', 'inherit'] });
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    await waitFor(bareUrl, bare);
    const bareResults = await spread(attempts, async () => {
      const started = performance.now();
      const res = await fetch(bareUrl);
      await res.text();
      return { status: res.status, ms: performance.now() - started };
    });

    const firsts: string[] = [];
    const submitResults = await spread(
      attempts.map((a, i) => ({ a, i })),
      async ({ a, i }) => {
        const res = await call(base, 'POST', '/api/quiz/answer', a.token, bodyOf(a, i));
        firsts[i] = res.text;
        return res;
      },
    );
    const retries = await inBatches(attempts.map((a, i) => ({ a, i })), 8, async ({ a, i }) => call(base, 'POST', '/api/quiz/answer', a.token, bodyOf(a, i)));
    const sameResult = retries.filter((r, i) => r.status === 200 && JSON.parse(r.text).data.id === JSON.parse(firsts[i]!).data?.id).length;

    const attemptIds = attempts.map((a) => a.attemptId);
    const [submitted] = await db.select({ n: count() }).from(quizAttempts).where(and(inArray(quizAttempts.id, attemptIds), isNotNull(quizAttempts.submittedAt)));
    const [answers] = await db.select({ n: count() }).from(quizAnswers).where(inArray(quizAnswers.attemptId, attemptIds));
    const [open] = await db.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.status, 'open'));
    const expectedAnswers = PARTICIPANTS * QUESTIONS;
    const submit = latencies(submitResults);
    const bareRoute = latencies(bareResults);
    const result: QuizBenchResult = {
      participants: PARTICIPANTS,
      windowSeconds: WINDOW_MS / 1000,
      submit,
      bareRoute: { p50ms: bareRoute.p50ms, p99ms: bareRoute.p99ms },
      retries: { sameResult, non2xx: retries.filter((r) => r.status !== 200).length },
      stored: {
        submissions: submitted?.n ?? 0,
        answers: answers?.n ?? 0,
        expectedAnswers,
        exactlyOnce: submit.non2xx === 0 && submitted?.n === PARTICIPANTS && (answers?.n ?? 0) === expectedAnswers && (open?.n ?? 0) === 0 && sameResult === PARTICIPANTS,
      },
      target: { p99UnderMs: TARGET_P99_MS, met: submit.p99ms < TARGET_P99_MS },
    };
    console.log(`\nQuiz benchmark (${PARTICIPANTS} participants submitting within ${WINDOW_MS / 1000} s, PostgreSQL)`);
    console.log(`  POST /api/quiz/answer   p50 ${submit.p50ms} ms  p99 ${submit.p99ms} ms  max ${submit.maxMs} ms  (non-2xx ${submit.non2xx})`);
    console.log(`  bare Fastify route      p50 ${bareRoute.p50ms} ms  p99 ${bareRoute.p99ms} ms  (same arrival pattern)`);
    console.log(`  retries with the same key returning the first result: ${sameResult}/${PARTICIPANTS}`);
    console.log(`  stored: ${result.stored.submissions} submissions, ${result.stored.answers}/${expectedAnswers} answers (exactly once: ${result.stored.exactlyOnce ? 'yes' : 'NO'})`);
    console.log(`  target p99 < ${TARGET_P99_MS} ms: ${result.target.met ? 'met' : 'NOT met'}`);
    return result;
  } finally {
    if (bare) await stop(bare);
    if (server) await stop(server);
    await database.close();
    await admin.query(`drop database if exists ${dbName}`).catch((error: Error) => console.error(`  could not drop ${dbName}: ${error.message}`));
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  quizBenchmark().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
