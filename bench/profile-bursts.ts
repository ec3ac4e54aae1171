/**
 * Where a burst's API CPU goes, in-process (issue 26, point 5): the app built as the server builds it
 * (buildApp, the production answer path, no contract check of answers) on a fresh database of the
 * PostgreSQL server, the quiz submissions, the messages and the enrolments of bench/bursts.ts sent at once through
 * inject, the process's CPU per request measured around each burst and a CPU profile of the burst alone
 * written to BENCH_PROFILE_DIR (default: none) as .cpuprofile files (Chrome DevTools, or the summary
 * printed here: self time by function, top 25).
 *
 * `npx tsx bench/profile-bursts.ts` (BENCH_PROFILE_SIZE, default 200 requests a burst). Inject skips the
 * socket and HTTP parsing, which the bare route's burst costs too: this measures the routes' own work.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client';
import { assessments, courses, enrollments, users } from '../apps/api/src/db/schema';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { addSingleChoiceQuestions } from './bursts';
import { withFreshDatabase } from './databases';
import { inBatches } from './support';

const SIZE = Number(process.env.BENCH_PROFILE_SIZE ?? 200);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const PASSWORD = 'Bench-profile-password-1';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function summary(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
}

async function measured<T>(label: string, session: Session, run: () => Promise<T>): Promise<T> {
  await session.post('Profiler.start');
  const before = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const wall = performance.now() - started;
  const used = process.cpuUsage(before);
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  const cpuMs = (used.user + used.system) / 1000;
  console.log(`\n${label}: ${SIZE} requests, ${Math.round(wall)} ms wall, ${Math.round(cpuMs)} ms CPU of this process (${(cpuMs / SIZE).toFixed(2)} ms a request)`);
  for (const line of summary(profile)) console.log(`  ${line}`);
  if (PROFILE_DIR) writeFileSync(path.join(PROFILE_DIR, `${label.replace(/\W+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  return result;
}

await withFreshDatabase('profile', async (url) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-bench-profile-'));
  const database = await openDatabase({ url });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const passwordHash = await hashPassword(PASSWORD);
    const [instructor] = await db.insert(users).values({ role: 'instructor', name: 'Profile instructor', email: 'profile-instructor@bench.test', passwordHash }).returning();
    const [course] = await db
      .insert(courses)
      .values({ title: 'Profile course', language: 'en', approveStatus: 'approved', completionStatus: 'complete', instructorId: instructor!.id, priceMinor: 0, reviewedAt: new Date() })
      .returning();
    const [assessment] = await db.insert(assessments).values({ courseId: course!.id, title: 'Profile quiz', passMark: 60, timeLimitMinutes: 30 }).returning();
    const questions = await addSingleChoiceQuestions(db, assessment!.id, 5);
    const people = await db
      .insert(users)
      .values(Array.from({ length: SIZE }, (_, i) => ({ role: 'participant' as const, name: `Profile participant ${i + 1}`, email: `profile-${i}@bench.test`, passwordHash })))
      .returning();
    await db.insert(enrollments).values(people.map((p) => ({ participantId: p.id, courseId: course!.id })));

    const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: 'false', MAIL_WORKER: 'false', PATH: process.env.PATH });
    const app = await buildApp({ ...config, webDist: undefined }, { db, jwtSecret: 'profile-secret-that-is-long-enough-for-hs256' });
    await app.ready();
    try {
      let signIns = 0;
      const tokens = await inBatches(people, 4, async (p) => {
        const i = signIns++;
        const res = await app.inject({ method: 'POST', url: '/api/participant/login', remoteAddress: `10.1.${i >> 8}.${i & 255}`, payload: { email: p.email, password: PASSWORD, returnSecureToken: true } });
        return (res.json() as { data: { token: string } }).data.token;
      });
      const attempts = await inBatches(tokens, 8, async (token) => {
        const res = await app.inject({ method: 'GET', url: `/api/participant/assessment-details/${assessment!.id}?start=1`, headers: { authorization: `Bearer ${token}` } });
        return { token, id: (res.json() as { data: { attempt: { id: number } } }).data.attempt.id };
      });
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });

      const answers = (i: number) => questions.map((q, k) => ({ question_id: q.id, option_ids: [q.options[(i + k) % 3]!] }));
      const submit = (a: { token: string; id: number }, i: number) =>
        app.inject({ method: 'POST', url: '/api/quiz/answer', headers: { authorization: `Bearer ${a.token}` }, payload: { attempt_id: a.id, idempotency_key: randomUUID(), answers: answers(i) } });
      const quiz = await measured('quiz submissions', session, () => Promise.all(attempts.map(submit)));
      if (quiz.some((r) => r.statusCode !== 200)) throw new Error(`quiz: ${quiz.find((r) => r.statusCode !== 200)!.body}`);

      const send = (token: string, i: number) =>
        app.inject({ method: 'POST', url: '/api/participant/message/send', remoteAddress: `10.2.${i >> 8}.${i & 255}`, headers: { authorization: `Bearer ${token}` }, payload: { Toid: instructor!.id, msg: `Profile message ${i}: سؤال عن الدرس` } });
      const sent = await measured('messages', session, () => Promise.all(tokens.map(send)));
      if (sent.some((r) => r.statusCode !== 200)) throw new Error(`messages: ${sent.find((r) => r.statusCode !== 200)!.body}`);

      const [free] = await db
        .insert(courses)
        .values({ title: 'Profile enrolments', language: 'en', approveStatus: 'approved', completionStatus: 'complete', instructorId: instructor!.id, priceMinor: 0, reviewedAt: new Date() })
        .returning();
      const order = (token: string) => app.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: { authorization: `Bearer ${token}` }, payload: { course_id: free!.id } });
      const ordered = await measured('enrolments', session, () => Promise.all(tokens.map(order)));
      if (ordered.some((r) => r.statusCode !== 200)) throw new Error(`enrolments: ${ordered.find((r) => r.statusCode !== 200)!.body}`);
      session.disconnect();
    } finally {
      await app.close();
    }
  } finally {
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
