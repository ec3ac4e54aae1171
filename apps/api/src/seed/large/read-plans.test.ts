import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { TEST_JWT_SECRET, testConfig, uniqueIp } from '../../../test/harness';
import { ownDatabase } from '../../../test/own-database';
import { capturingDb, wholeTableReads, type CapturedQuery } from '../../../test/query-plans';
import { LARGE_PASSWORD, largeParticipantEmail, seedLarge } from './seed';
import type { Db } from '../../db/client';
import { claimReminder, quietEnrolments } from '../../modules/learning/reminders.queries';
import { cellsOf, gradebookPage, itemsOf } from '../../modules/gradebook/gradebook.queries';
import { categoryReport, courseReport, dropoffCounts, lecturesOf } from '../../modules/reports/reports.queries';

// Large enough that reading a whole table costs the planner more than an index (2,500 participants,
// 500 courses, 10,000 enrolments, 5,000 ratings, 7,000 lectures), small enough to seed in seconds.
const SCALE = 0.05;
/** The tables that grow with the catalog: a read of a page must never read one of them whole (a sequential scan, or a merge join's walk of its index). */
const LARGE_TABLES = ['courses', 'enrollments', 'ratings', 'lectures', 'users', 'search_terms', 'course_enrollment_deltas'];
/**
 * The quiz's tables that grow with the attempts and the questions (1,000 attempts and 900 options at this scale).
 * Not assessments and assessment_questions: 100 and 300 rows here, a page or three, which the planner reads whole
 * as the cheaper way (it takes their indexes at scale 1).
 */
const QUIZ_TABLES = ['quiz_attempts', 'quiz_answers', 'question_options'];

let database: Awaited<ReturnType<typeof ownDatabase>>;
let captured: CapturedQuery[];
let capturedDb: Db;
let app: FastifyInstance;
let auth: Record<string, string>;
let course: { id: number; slug: string; enrolledCourse: number };

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

beforeAll(async () => {
  database = await ownDatabase('read_plans');
  await seedLarge(database.db, { scale: SCALE });
  // Enrolments not folded yet (migration 0013), as a burst of them leaves the deltas table between two
  // folds: 2,000 rows the statistics of the seed's VACUUM ANALYZE (an empty table) know nothing of.
  await database.db.execute(sql`insert into course_enrollment_deltas (course_id, n) select id, 1 from courses, generate_series(1, 4) limit 2000`);
  const capturing = await capturingDb(database);
  captured = capturing.captured;
  capturedDb = capturing.db;
  app = await buildApp(testConfig(), { db: capturing.db, jwtSecret: TEST_JWT_SECRET });
  await app.ready();
  const [popular] = rowsOf<{ id: number; slug: string }>(
    await database.db.execute(sql`select c.id, cat.slug from courses c join categories cat on cat.id = c.category_id
      where c.approve_status = 'approved' and c.deleted_at is null order by c.enrollment_count desc, c.id limit 1`),
  );
  const [enrolled] = rowsOf<{ course_id: number }>(
    await database.db.execute(sql`select e.course_id from enrollments e join users u on u.id = e.participant_id where u.email = ${largeParticipantEmail(1)} order by e.id limit 1`),
  );
  course = { ...popular!, enrolledCourse: enrolled!.course_id };
  const login = await app.inject({ method: 'POST', url: '/api/participant/login', remoteAddress: uniqueIp(), payload: { email: largeParticipantEmail(1), password: LARGE_PASSWORD, returnSecureToken: true } });
  auth = { authorization: `Bearer ${(login.json().data as { token: string }).token}` };
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** The statements one request executes. */
async function statementsOf(request: InjectOptions): Promise<CapturedQuery[]> {
  captured.length = 0;
  const res = await app.inject({ remoteAddress: uniqueIp(), ...request });
  expect(res.statusCode, `${request.method} ${request.url}: ${res.body.slice(0, 300)}`).toBe(200);
  return captured.splice(0);
}

async function scansOfLargeTables(queries: CapturedQuery[]) {
  const plans = await wholeTableReads(database, queries);
  return plans.flatMap((p) => p.tables.filter((t) => LARGE_TABLES.includes(t)).map((table) => `${table}: ${p.sql.replace(/\s+/g, ' ').slice(0, 400)}`));
}

const search = (q: string) => ({ method: 'GET' as const, url: `/api/public/search?q=${encodeURIComponent(q)}&page=1` });

describe('reads of a large catalog use indexes (EXPLAIN of the statements the requests really execute)', () => {
  it('the detector finds a sequential scan when a statement has one', async () => {
    // A statement the app never sends: ratings filtered on an unindexed column, captured as the app's are.
    const probe = await capturingDb(database);
    await probe.db.execute(sql`select id from ratings where message = ${'Clear and well paced.'}`);
    expect(probe.captured).toHaveLength(1);
    expect(await scansOfLargeTables(probe.captured)).toEqual([expect.stringMatching(/^ratings: /)]);
  });

  it("the detector finds a merge join's walk of a whole index (a course's instructor joined plainly, as the hot reads did before)", async () => {
    // The seeded instructors are the oldest accounts, so the planner merges users' key from its first entry up to
    // the instructor: for an instructor who signed up after every learner, that is every account (4 ms at 10,000).
    const probe = await capturingDb(database);
    await probe.db.execute(sql`select u.email from courses c inner join users u on u.id = c.instructor_id where c.id = ${course.id}`);
    expect(await scansOfLargeTables(probe.captured)).toEqual([expect.stringMatching(/^users: /)]);
  });

  it('the anonymous course page and a category page are one statement each (docs/decisions/014)', async () => {
    // Each sort of the category page, and the course page with its similar courses and reviews: one prepared statement, no other query.
    // A course the other reads do not load (their answers are kept a few seconds).
    const [other] = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from courses where approve_status = 'approved' and deleted_at is null and id not in (${course.id}, ${course.enrolledCourse}) order by rating_count desc, id limit 1`),
    );
    expect(await statementsOf({ method: 'POST', url: `/api/course/${other!.id}/b`, payload: { p_id: '' } })).toHaveLength(1);
    for (const sort of ['newest', 'rating', 'popular', 'price_asc', 'price_desc']) {
      expect(await statementsOf({ method: 'GET', url: `/api/public/category/${course.slug}?page=3&sort=${sort}` }), sort).toHaveLength(1);
    }
  });

  const reads: [string, () => InjectOptions][] = [
    ['home', () => ({ method: 'GET', url: '/api/public/home' })],
    ['a category page', () => ({ method: 'GET', url: `/api/public/category/${course.slug}?page=1` })],
    ['a category page by rating', () => ({ method: 'GET', url: `/api/public/category/${course.slug}?page=1&sort=rating` })],
    ['a category page by popularity', () => ({ method: 'GET', url: `/api/public/category/${course.slug}?page=2&sort=popular` })],
    ['course details with similar courses', () => ({ method: 'POST', url: `/api/course/${course.id}/b`, payload: { p_id: '' } })],
    ['course details for a signed-in participant', () => ({ method: 'POST', url: `/api/course/${course.enrolledCourse}/b`, payload: { p_id: '' }, headers: auth })],
    ['the course list', () => ({ method: 'GET', url: '/api/public/search?page=1' })],
    ['an Arabic search', () => search('البرمجه بلغة بايثون')],
    ['an Arabic search with tashkeel', () => search('البَرْمَجَة')],
    ['an Arabic search with a typo in each word (corrected against search_terms)', () => search('البرمحة بلغه بايثوم')],
    ['an English search with typos', () => search('pyhton programing')],
    ['an English search', () => search('Data ANALYSIS')],
    ["the participant's dashboard", () => ({ method: 'GET', url: '/api/participant/dashboard', headers: auth })],
    ["the participant's enrolled courses", () => ({ method: 'GET', url: '/api/participant/recent/enroll/course/list', headers: auth })],
    ["the player's outline of an enrolled course", () => ({ method: 'GET', url: `/api/participant/learn/${course.enrolledCourse}`, headers: auth })],
  ];
  it(`a quiz submission (issue 26, point 5: one statement for its checks, one for the answers): no sequential scan of ${[...LARGE_TABLES, ...QUIZ_TABLES].join(', ')}`, async () => {
    // The participant enrolled in a course with an assessment, an attempt opened through the API, then submitted.
    const [assessment] = rowsOf<{ id: number; course_id: number }>(await database.db.execute(sql`select id, course_id from assessments order by id limit 1`));
    const [me] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from users where email = ${largeParticipantEmail(1)}`));
    await database.db.execute(sql`insert into enrollments (participant_id, course_id) values (${me!.id}, ${assessment!.course_id}) on conflict do nothing`);
    const opened = await app.inject({ method: 'GET', url: `/api/participant/assessment-details/${assessment!.id}?start=1`, headers: auth, remoteAddress: uniqueIp() });
    const details = opened.json().data as { attempt: { id: number }; questions: { id: number; options: { id: number }[] }[] };
    const statements = await statementsOf({
      method: 'POST',
      url: '/api/quiz/answer',
      headers: auth,
      payload: { attempt_id: details.attempt.id, idempotency_key: randomUUID(), answers: details.questions.map((q) => ({ question_id: q.id, option_ids: [q.options[0]!.id] })) },
    });
    // The session, the submission's checks, the submission itself, and (a pass) the certificate's check, which
    // must read after the submission's commit (a lecture completed meanwhile checks after its own).
    expect(statements).toHaveLength(4);
    const plans = await wholeTableReads(database, statements);
    expect(plans.flatMap((p) => p.tables.filter((t) => [...LARGE_TABLES, ...QUIZ_TABLES].includes(t)).map((t) => `${t}: ${p.sql.slice(0, 300)}`))).toEqual([]);
  });

  it(`an enrolment in a free course (issue 26, point 5): no sequential scan of ${[...LARGE_TABLES, 'orders'].join(', ')}`, async () => {
    const [me] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from users where email = ${largeParticipantEmail(1)}`));
    const [free] = rowsOf<{ id: number }>(
      await database.db.execute(sql`select c.id from courses c where c.approve_status = 'approved' and c.deleted_at is null and c.price_minor = 0
        and not exists (select 1 from orders o where o.course_id = c.id and o.participant_id = ${me!.id})
        and not exists (select 1 from enrollments e where e.course_id = c.id and e.participant_id = ${me!.id}) order by c.id limit 1`),
    );
    const statements = await statementsOf({ method: 'POST', url: '/api/participant/enrollcourse/order', headers: auth, payload: { course_id: free!.id } });
    const plans = await wholeTableReads(database, statements);
    expect(plans.flatMap((p) => p.tables.filter((t) => [...LARGE_TABLES, 'orders'].includes(t)).map((t) => `${t}: ${p.sql.slice(0, 300)}`))).toEqual([]);
  });

  // (Not of messages: the large catalog has none, and a table of one page is read whole.)
  it(`a message to the instructor of an enrolled course (issue 26, point 5): no sequential scan of ${LARGE_TABLES.join(', ')}`, async () => {
    const [teacher] = rowsOf<{ instructor_id: number }>(await database.db.execute(sql`select instructor_id from courses where id = ${course.enrolledCourse}`));
    const statements = await statementsOf({ method: 'POST', url: '/api/participant/message/send', headers: auth, payload: { Toid: teacher!.instructor_id, msg: 'A question about the first lecture' } });
    // The session, the recipient with the courses the two share, the message, its notification, its bell's row (docs/notifications.md).
    expect(statements).toHaveLength(5);
    const plans = await wholeTableReads(database, statements);
    expect(plans.flatMap((p) => p.tables.filter((t) => LARGE_TABLES.includes(t)).map((t) => `${t}: ${p.sql.slice(0, 300)}`))).toEqual([]);
  });

  for (const [name, request] of reads) {
    it(`${name}: no sequential scan of ${LARGE_TABLES.join(', ')}`, async () => {
      const statements = await statementsOf(request());
      expect(statements.length).toBeGreaterThan(0);
      expect(await scansOfLargeTables(statements)).toEqual([]);
    });
  }

  // Issue 30, point 4: the course with the most learners among those with an assessment, searched, sorted by grade.
  it(`a course's gradebook page (issue 30, point 4): no sequential scan of ${[...LARGE_TABLES, ...QUIZ_TABLES, 'lecture_progress'].join(', ')}`, async () => {
    const [busy] = rowsOf<{ id: number }>(
      await database.db.execute(sql`select c.id from courses c where exists (select 1 from assessments a where a.course_id = c.id) order by c.enrollment_count desc, c.id limit 1`),
    );
    captured.length = 0;
    const items = await itemsOf(capturedDb, busy!.id);
    const input = {
      courseId: busy!.id,
      lectureIds: items.lectureIds,
      assessments: items.assessments.map((a) => ({ id: a.id, weight: 1 })),
      assignments: items.assignments.map((a) => ({ id: a.id, weight: 1, points: a.points, passMark: a.passMark })),
      lecturesWeight: 1,
      totalWeight: 1 + items.assessments.length + items.assignments.length,
      quietSince: new Date(Date.now() - 14 * 86_400_000),
      sort: 'grade' as const,
      order: 'desc' as const,
      limit: 25,
      offset: 0,
    };
    const page = await gradebookPage(capturedDb, { ...input, words: [] });
    expect(page.learners.length).toBeGreaterThan(0);
    await gradebookPage(capturedDb, { ...input, words: ['a'], filter: 'behind' });
    await cellsOf(capturedDb, busy!.id, page.learners.map((l) => l.participantId));
    const statements = captured.splice(0);
    const plans = await wholeTableReads(database, statements);
    const watched = [...LARGE_TABLES, ...QUIZ_TABLES, 'lecture_progress'];
    expect(plans.flatMap((p) => p.tables.filter((t) => watched.includes(t)).map((t) => `${t}: ${p.sql.replace(/\s+/g, ' ').slice(0, 300)}`))).toEqual([]);
  });

  // Issue 30, point 6: the admins' reports over the last 90 days, site-wide (by course and by category) and one category's,
  // searched; and the drop-off of the course with the most learners. Each reads what the period holds through the time
  // indexes (migration 0034), never a table whole. (Not of assignment_submissions: the large catalog has none.)
  it(`the admins' reports (issue 30, point 6): no sequential scan of ${[...LARGE_TABLES, ...QUIZ_TABLES, 'lecture_progress'].join(', ')}`, async () => {
    const [busy] = rowsOf<{ id: number; category_id: number }>(await database.db.execute(sql`select id, category_id from courses where category_id is not null order by enrollment_count desc, id limit 1`));
    const now = Date.now();
    const input = {
      from: new Date(now - 90 * 86_400_000),
      until: new Date(now + 86_400_000),
      stalledAt: new Date(now),
      stalledSince: new Date(now - 14 * 86_400_000),
      stepDays: 1,
      words: [] as string[],
      sort: 'enrollments' as const,
      order: 'desc' as const,
      limit: 25,
      offset: 0,
    };
    captured.length = 0;
    const report = await courseReport(capturedDb, input);
    expect(report.total).toBeGreaterThan(0);
    await courseReport(capturedDb, { ...input, categoryId: busy!.category_id, words: ['a'], sort: 'completion_rate' });
    await categoryReport(capturedDb, input, 'en');
    const lectures = await lecturesOf(capturedDb, busy!.id);
    await dropoffCounts(capturedDb, busy!.id, input.stalledSince, new Map(lectures.map((l) => [l.id, l.durationSeconds])), 10);
    const statements = captured.splice(0);
    expect(statements).toHaveLength(5);
    const plans = await wholeTableReads(database, statements);
    const watched = [...LARGE_TABLES, ...QUIZ_TABLES, 'lecture_progress'];
    expect(plans.flatMap((p) => p.tables.filter((t) => watched.includes(t)).map((t) => `${t}: ${p.sql.replace(/\s+/g, ' ').slice(0, 300)}`))).toEqual([]);
  });

  // Its two statements, not a whole sweep (which would mail the seed's thousands of older enrolments, one by one).
  it(`the study reminders' sweep (issue 30, point 8): no sequential scan of ${LARGE_TABLES.join(', ')}`, async () => {
    captured.length = 0;
    const [quiet] = await quietEnrolments(capturedDb, new Date(Date.now() - 14 * 86_400_000), 200);
    expect(quiet).toBeDefined();
    expect(await claimReminder(capturedDb, quiet!.id, quiet!.lastStudied, new Date())).toBe(true);
    const statements = captured.splice(0);
    expect(statements).toHaveLength(2);
    expect(await scansOfLargeTables(statements)).toEqual([]);
  });

});
