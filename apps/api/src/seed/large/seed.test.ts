import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { normalizeSearchText } from '../../lib/search-text';
import { refreshAllCourseSearchText } from '../../modules/search/search.service';
import { TEST_JWT_SECRET, testConfig, uniqueIp } from '../../../test/harness';
import { ownDatabase } from '../../../test/own-database';
import { AlreadySeededError, LARGE_EMAIL_DOMAIN, LARGE_PASSWORD, largeCatalogCounts, largeParticipantEmail, seedLarge } from './seed';

const SCALE = 0.01;

let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: Db;
let app: FastifyInstance;

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

beforeAll(async () => {
  database = await ownDatabase('seed_large');
  db = database.db;
  await seedLarge(db, { scale: SCALE });
  app = await buildApp(testConfig(), { db, jwtSecret: TEST_JWT_SECRET });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A spelling of `title` other than the stored one that a visitor might type: other hamza, taa marbuta, alef maqsura, tashkeel and case. */
function otherSpelling(title: string): string {
  return title
    .replace(/[\u064B-\u0652]/g, '')
    .replace(/[أإ]/g, 'ا')
    .replace(/(ة|ه)(?=\s|$|:)/g, (c) => (c === 'ة' ? 'ه' : 'ة'))
    .replace(/(ى|ي)(?=\s|$|:)/g, (c) => (c === 'ى' ? 'ي' : 'ى'))
    .replace(/([\u0628-\u064A])([\u0628-\u064A])/, '$1\u064E$2')
    .toUpperCase();
}

describe('seed:large at a small scale', () => {
  it('makes the catalog at the scale asked: courses, accounts, enrolments, ratings, assessments with attempts', async () => {
    const counts = await largeCatalogCounts(db);
    expect(counts).toMatchObject({ courses: 100, participants: 500, instructors: 2, enrollments: 2_000, ratings: 1_000, assessments: 20 });
    expect(counts.publicCourses).toBeGreaterThan(80);
    expect(counts.publicCourses).toBeLessThan(100);
    expect(counts.attempts).toBeGreaterThan(0);
    expect(counts.sections).toBeGreaterThanOrEqual(300);
    expect(counts.lectures).toBeGreaterThanOrEqual(2 * counts.sections);
  });

  it('refuses to seed a second time and adds nothing', async () => {
    const before = await largeCatalogCounts(db);
    await expect(seedLarge(db, { scale: SCALE })).rejects.toBeInstanceOf(AlreadySeededError);
    expect(await largeCatalogCounts(db)).toEqual(before);
  });

  it('stores the search text the app itself would store for every course', async () => {
    const before = rowsOf<{ id: number; search_text: string }>(await db.execute(sql`select id, search_text from courses order by id`));
    await refreshAllCourseSearchText(db);
    const after = rowsOf<{ id: number; search_text: string }>(await db.execute(sql`select id, search_text from courses order by id`));
    expect(before.length).toBe(100);
    expect(after).toEqual(before);
  });

  it('enrols participants only in public courses, after the course was published', async () => {
    const [bad] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from enrollments e join courses c on c.id = e.course_id
      where c.approve_status <> 'approved' or c.deleted_at is not null or e.created_at < coalesce(c.reviewed_at, c.created_at) or e.order_id is null`));
    expect(bad!.n).toBe(0);
  });

  it('finds a seeded Arabic course by another spelling of its title, and shows it on its category page with its figures', async () => {
    const [course] = rowsOf<{ id: number; title: string; slug: string; ratings: number; enrolments: number; lectures: number }>(
      await db.execute(sql`select c.id, c.title, cat.slug,
          (select count(*)::int from ratings r where r.course_id = c.id) as ratings,
          (select count(*)::int from enrollments e where e.course_id = c.id) as enrolments,
          (select count(*)::int from lectures l where l.course_id = c.id) as lectures
        from courses c join categories cat on cat.id = c.category_id
        where c.language = 'ar' and c.approve_status = 'approved' and c.deleted_at is null and c.title ~ '[ةأإى]'
        order by (select count(*) from ratings r where r.course_id = c.id) desc, c.id limit 1`),
    );
    expect(course).toBeDefined();
    const query = otherSpelling(course!.title);
    expect(query).not.toBe(course!.title);

    const search = await app.inject({ method: 'GET', url: `/api/public/search?q=${encodeURIComponent(query)}&perPage=100`, remoteAddress: uniqueIp() });
    expect(search.statusCode).toBe(200);
    const found = search.json().data as { items: { id: number; ratingCount?: number }[]; query: { normalized: string } };
    expect(found.query.normalized).toBe(normalizeSearchText(course!.title));
    expect(found.items.map((c) => c.id)).toContain(course!.id);

    const category = await app.inject({ method: 'GET', url: `/api/public/category/${course!.slug}?perPage=100`, remoteAddress: uniqueIp() });
    expect(category.statusCode).toBe(200);
    const page = category.json().data as { items: { id: number; title: string; rating: { count: number }; enrollmentCount: number; lectureCount: number }[] };
    const card = page.items.find((c) => c.id === course!.id);
    expect(card).toMatchObject({ title: course!.title, rating: { count: course!.ratings }, enrollmentCount: course!.enrolments, lectureCount: course!.lectures });
    expect(course!.enrolments).toBeGreaterThan(0);
  });

  it('finds a seeded English course whatever the case typed', async () => {
    const [course] = rowsOf<{ id: number; title: string }>(
      await db.execute(sql`select id, title from courses where language = 'en' and approve_status = 'approved' and deleted_at is null order by id limit 1`),
    );
    const query = course!.title.toLowerCase() === course!.title ? course!.title.toUpperCase() : course!.title.toLowerCase();
    const search = await app.inject({ method: 'GET', url: `/api/public/search?q=${encodeURIComponent(query)}&perPage=100`, remoteAddress: uniqueIp() });
    expect(search.statusCode).toBe(200);
    expect((search.json().data as { items: { id: number }[] }).items.map((c) => c.id)).toContain(course!.id);
  });

  it('lets a seeded participant sign in with the shared password and see their enrolments on the dashboard', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/participant/login', remoteAddress: uniqueIp(), payload: { email: largeParticipantEmail(1), password: LARGE_PASSWORD, returnSecureToken: true } });
    expect(login.statusCode).toBe(200);
    const token = (login.json().data as { token: string }).token;
    const dashboard = await app.inject({ method: 'GET', url: '/api/participant/dashboard', headers: { authorization: `Bearer ${token}` }, remoteAddress: uniqueIp() });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().data).toMatchObject({ enrolledCount: 4 });
    expect(largeParticipantEmail(1)).toContain(LARGE_EMAIL_DOMAIN);
  });
});
