import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { migrateDatabase, openDatabase, type Database } from '../db/client';
import { categories, courses, enrollments, invoices, lectureProgress, lectureResources, lectures, orders, sections, users } from '../db/schema';
import { buildUserSearchText } from '../lib/search-text';
import { diskStorage } from '../lib/storage';
import { TEST_JWT_SECRET, testConfig, uniqueIp } from '../../test/harness';
import { DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_COURSES } from './demo-catalogue';

// Its own empty database and uploads folder: the seed runs only on an empty one (server.ts), and the
// app is built over both, as `npm start` does.
let database: Database;
let uploads: string;
let app: FastifyInstance;
beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nibras-seed-'));
  uploads = path.join(dataDir, 'uploads');
  const storage = diskStorage(uploads);
  database = await openDatabase({});
  await migrateDatabase(database);
  await seedDemo(database.db, storage, testConfig().invoices);
  app = await buildApp(testConfig({ dataDir }), { db: database.db, storage, jwtSecret: TEST_JWT_SECRET });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The width and height a PNG's bytes declare (signature, then the IHDR chunk), or null when they are no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
const uploaded = (key: string) => readFileSync(path.join(uploads, key));

async function login(role: 'participant' | 'instructor' | 'admin', email: string) {
  const res = await app.inject({ method: 'POST', url: `/api/${role}/login`, remoteAddress: uniqueIp(), payload: { email, password: DEMO_PASSWORD, returnSecureToken: true } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().data.token}` };
}

describe('demo seed', () => {
  it('writes every account with its search text (the admin lists search it)', async () => {
    const rows = await database.db.select({ name: users.name, email: users.email, searchText: users.searchText }).from(users);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.searchText).toBe(buildUserSearchText(row.name, row.email));
  });

  it('gives every course a 960 x 540 PNG cover in the uploads with its alt text, served as an uploaded file', async () => {
    const rows = await database.db.select({ id: courses.id, title: courses.title, coverImage: courses.coverImage, coverAlt: courses.coverAlt }).from(courses);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const files = new Set<string>();
    for (const row of rows) {
      expect(row.coverImage, row.title).toBeTruthy();
      const bytes = uploaded(row.coverImage!);
      expect(pngSize(bytes), row.title).toEqual({ width: 960, height: 540 });
      expect(bytes.length, row.title).toBeLessThan(100_000);
      expect(row.coverAlt.trim().length, row.title).toBeGreaterThan(10);
      files.add(bytes.toString('base64'));
    }
    // A cover of its own for every course, not one picture repeated.
    expect(files.size).toBe(rows.length);
    const served = await app.inject({ method: 'GET', url: `/api/media/cover/${rows[0]!.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(pngSize(served.rawPayload)).toEqual({ width: 960, height: 540 });
  });

  it('gives at least four instructors, Arabic and English, a name, headline, bio and 256 x 256 PNG avatar', async () => {
    const rows = await database.db.select().from(users).where(eq(users.role, 'instructor'));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.some((r) => /[\u0600-\u06FF]/.test(r.name))).toBe(true);
    expect(rows.some((r) => /^[A-Za-z. ]+$/.test(r.name))).toBe(true);
    for (const row of rows) {
      expect(row.name.split(' ').length, row.email).toBeGreaterThan(1);
      expect(row.headline.length, row.email).toBeGreaterThan(10);
      expect(row.bio.length, row.email).toBeGreaterThan(40);
      expect(pngSize(uploaded(row.avatar!)), row.email).toEqual({ width: 256, height: 256 });
    }
    const served = await app.inject({ method: 'GET', url: `/api/media/avatar/${rows[0]!.id}` });
    expect(served.statusCode).toBe(200);
    expect(pngSize(served.rawPayload)).toEqual({ width: 256, height: 256 });
  });

  it('fills every course: description, the three step-2 lists, category; both languages; free and paid; every category used', async () => {
    const rows = await database.db.select().from(courses);
    for (const row of rows) {
      expect(row.description, row.title).toMatch(/^<p>.{80,}/);
      expect(row.learnPoints.length, row.title).toBeGreaterThanOrEqual(2);
      expect(row.requirements.length, row.title).toBeGreaterThanOrEqual(1);
      expect(row.audience.length, row.title).toBeGreaterThanOrEqual(1);
      expect(row.categoryId, row.title).not.toBeNull();
    }
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(['ar', 'en']));
    expect(rows.some((r) => r.priceMinor === 0) && rows.some((r) => r.priceMinor > 0)).toBe(true);
    const cats = await database.db.select({ id: categories.id }).from(categories);
    for (const c of cats) expect(rows.some((r) => r.categoryId === c.id)).toBe(true);
  });

  it('finds both Python courses by "python" and by "بايثون", though one writes the name only in Arabic letters', async () => {
    const titles = DEMO_COURSES.filter((c) => /python|بايثون/i.test(c.title)).map((c) => c.title).sort();
    expect(titles).toHaveLength(2);
    for (const q of ['python', 'بايثون']) {
      const res = await app.inject({ method: 'GET', url: '/api/public/search', query: { q }, remoteAddress: uniqueIp() });
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data.items.map((c: { title: string }) => c.title).sort(), q).toEqual(titles);
    }
  });

  it('gives lectures course-like durations (2 min and more each, 30 min and more a course), each with its content: a video file, an article, a PDF', async () => {
    const rows = await database.db.select().from(lectures);
    for (const l of rows) {
      expect(l.durationSeconds, l.title).toBeGreaterThanOrEqual(120);
      if (l.type === 'video') expect(uploaded(l.video!).subarray(4, 8).toString(), l.title).toBe('ftyp');
      if (l.type === 'pdf') expect(uploaded(l.pdf!).subarray(0, 5).toString(), l.title).toBe('%PDF-');
      if (l.type === 'article') expect(l.articleHtml, l.title).toContain('<h2>');
    }
    expect(rows.map((l) => l.type).sort().filter((t, i, all) => all.indexOf(t) === i)).toEqual(['article', 'pdf', 'video']);
    expect(await database.db.select().from(lectureResources)).toHaveLength(1);
    const totals = await database.db
      .select({ courseId: lectures.courseId, seconds: sql<number>`sum(${lectures.durationSeconds})::int` })
      .from(lectures)
      .groupBy(lectures.courseId);
    expect(totals.length).toBe((await database.db.select({ id: courses.id }).from(courses)).length);
    for (const t of totals) expect(t.seconds).toBeGreaterThanOrEqual(30 * 60);
  });

  it('has paid bank-transfer orders with their enrolments, so the instructor dashboard shows revenue, and one waiting for the admin', async () => {
    const paid = await database.db
      .select({ amount: orders.amountMinor, price: courses.priceMinor, courseId: orders.courseId, instructor: users.email, enrolment: enrollments.id, confirmedBy: orders.confirmedBy })
      .from(orders)
      .innerJoin(courses, eq(courses.id, orders.courseId))
      .innerJoin(users, eq(users.id, courses.instructorId))
      .leftJoin(enrollments, eq(enrollments.orderId, orders.id))
      .where(sql`${orders.status} = 'paid' and ${orders.provider} = 'bank_transfer'`);
    expect(paid.length).toBeGreaterThan(0);
    for (const o of paid) {
      expect(o.amount).toBe(o.price);
      expect(o.enrolment).not.toBeNull();
      expect(o.confirmedBy).not.toBeNull();
    }
    // The first instructor login the README names sees revenue, recent too.
    expect(paid.map((o) => o.instructor)).toContain('instructor@example.com');
    const res = await app.inject({ method: 'GET', url: '/api/instructor/dashboard', headers: await login('instructor', 'instructor@example.com') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.revenue.total).toBeGreaterThan(0);
    expect(res.json().data.revenue.last_30_days).toBeGreaterThan(0);
    const pending = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'pending'));
    expect(pending.length).toBeGreaterThan(0);
    // Each paid order has its tax invoice, numbered 1..n in the order they were paid (docs/payments.md, "Invoices").
    const issued = await database.db.select({ number: invoices.number, issuedAt: invoices.issuedAt }).from(invoices).orderBy(invoices.number);
    expect(issued.map((i) => i.number)).toEqual(paid.map((_, i) => i + 1));
    expect(issued.map((i) => i.issuedAt.getTime())).toEqual(issued.map((i) => i.issuedAt.getTime()).sort((a, b) => a - b));
  });

  it('has sections that open later (scheduled release): 7 days after enrolment, and on a date after seeding', async () => {
    const ruled = await database.db.select({ opensAt: sections.opensAt, days: sections.opensAfterDays }).from(sections).where(sql`${sections.opensAt} is not null or ${sections.opensAfterDays} is not null`);
    expect(ruled.map((r) => r.days).filter(Boolean)).toEqual([7]);
    expect(ruled.filter((r) => r.opensAt && r.opensAt.getTime() > Date.now())).toHaveLength(1);
  });

  it("gives participant2@ private notes on the Python course, two at moments within the first lecture's clip", async () => {
    const auth = await login('participant', 'participant2@example.com');
    const [python] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.title, DEMO_COURSES.find((c) => c.key === 'python')!.title));
    const notes = (await app.inject({ method: 'GET', url: `/api/participant/course/${python!.id}/notes`, headers: auth })).json().data;
    expect(notes.items.map((n: { positionSeconds: number | null }) => n.positionSeconds)).toEqual([2, 5, null]);
    // The demo clips last 6 to 10 seconds: a moment past them could not be jumped to.
    expect(notes.items[0].lectureId).toBe(notes.items[1].lectureId);
  });

  it("has a question bank on the business course: its quiz draws two of the topic's four questions for each attempt", async () => {
    const [business] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.title, DEMO_COURSES.find((c) => c.key === 'small-business')!.title));
    const step5 = (await app.inject({ method: 'GET', url: `/api/admin/course/edit/step5/${business!.id}`, headers: await login('admin', 'admin@example.com') })).json().data;
    expect(step5.topics.map((t: { title: string; questions: unknown[] }) => [t.title, t.questions.length])).toEqual([['Business vocabulary', 4]]);
    expect(step5.assessments[0].draws).toEqual([{ topic_id: step5.topics[0].id, count: 2, points: 1 }]);
  });

  it("has a written assignment handed in by participant2@, waiting in instructor@'s grading queue after the short answer, and a file one", async () => {
    const queue = (await app.inject({ method: 'GET', url: '/api/instructor/grading/queue', headers: await login('instructor', 'instructor@example.com') })).json().data;
    expect(queue.items.map((i: { kind: string; participant: { name: string } }) => i.kind)).toEqual(['quiz', 'assignment']);
    const auth = await login('participant', 'participant2@example.com');
    const [python] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.title, DEMO_COURSES.find((c) => c.key === 'python')!.title));
    const mine = (await app.inject({ method: 'GET', url: `/api/participant/assignments/course/${python!.id}`, headers: auth })).json().data;
    expect(mine.map((a: { kind: string; standing: string; can_submit: boolean }) => [a.kind, a.standing, a.can_submit])).toEqual([
      ['text', 'submitted', true],
      ['file', 'not_submitted', true],
    ]);
  });

  it("has questions on lectures: one with an accepted answer, and unanswered ones in instructor@'s queue, oldest first", async () => {
    const queue = await app.inject({ method: 'GET', url: '/api/instructor/questions/queue', headers: await login('instructor', 'instructor@example.com') });
    expect(queue.json().data.items.map((q: { title: string }) => q.title)).toEqual(['هل أحتاج إلى تثبيت محرر خاص؟']);
    const all = await app.inject({ method: 'GET', url: '/api/instructor/questions/queue?scope=recent', headers: await login('instructor', 'instructor@example.com') });
    const accepted = all.json().data.items.find((q: { acceptedAnswerId: number | null }) => q.acceptedAnswerId !== null);
    expect(accepted).toMatchObject({ positionSeconds: 12, answerCount: 2, unanswered: false });
  });

  it('lets a demo participant finish a demo course through the real endpoints and get the certificate', async () => {
    const auth = await login('participant', 'participant@example.com');
    const [me] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'participant@example.com'));
    // A free course without an assessment: watching its lectures is all it takes.
    const [course] = await database.db.select({ id: courses.id }).from(courses).where(eq(courses.title, 'إدارة الوقت بفعالية'));
    const ordered = await app.inject({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: auth, payload: { course_id: course!.id } });
    expect(ordered.statusCode).toBe(200);
    const outline = await database.db.select({ id: lectures.id, duration: lectures.durationSeconds }).from(lectures).where(eq(lectures.courseId, course!.id)).orderBy(asc(lectures.sectionId), asc(lectures.position));
    const report = async (lectureId: number, played: number) => {
      // The credit clock allows what really passed; the test moves it back instead of waiting.
      await database.db.update(lectureProgress).set({ updatedAt: sql`${lectureProgress.updatedAt} - interval '1 minute'` }).where(eq(lectureProgress.participantId, me!.id));
      const res = await app.inject({ method: 'POST', url: '/api/participant/learn/progress', headers: auth, payload: { lecture_id: lectureId, position_seconds: played, played_seconds: played } });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    // Two seconds of an 8-second clip is not the lecture watched, however long its stated duration.
    expect((await report(outline[0]!.id, 2)).completed).toBe(false);
    let last;
    for (const lecture of outline) {
      // The whole clip (at most 10 s), far less than the stated minutes.
      last = await report(lecture.id, 10);
      expect(last.completed).toBe(true);
      expect(lecture.duration).toBeGreaterThan(60);
    }
    expect(last.courseProgress.percent).toBe(100);
    expect(last.certificate?.code).toBeTruthy();
    const learn = await app.inject({ method: 'GET', url: `/api/participant/learn/${course!.id}`, headers: auth });
    expect(learn.json().data.certificate.code).toBe(last.certificate.code);
  });
});
