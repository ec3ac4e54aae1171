import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../../../test/harness';
import { CATEGORY_PAGE_SIZE } from '@nibras/contract';
import { addLectures, createCategory, createCourse, enrollParticipant } from '../../../test/factories';
import { categoryPageData, coursePageData } from './catalog.queries';
import { dashboardData, playerData } from '../learning/learning.queries';
import { sqlLiteral } from '../../db/prepared';
import { openDatabase } from '../../db/client';

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

describe('prepared statements (docs/decisions/014; issue 26, point 8)', () => {
  it('writes parameters as SQL literals that cannot end the string', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-1.5)).toBe('-1.5');
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(true)).toBe('TRUE');
    expect(sqlLiteral(new Date('2026-11-27T10:00:00Z'))).toBe("'2026-11-27T10:00:00.000Z'");
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral("x'); drop table users; --")).toBe("'x''); drop table users; --'");
    expect(sqlLiteral('back\\slash')).toBe("'back\\slash'");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral('a\0b')).toThrow();
    expect(() => sqlLiteral({})).toThrow();
  });

  it('answers text parameters with quotes and backslashes as text, prepared once and then only executed', async () => {
    const { db, driver } = await testDatabase();
    const category = await createCategory();
    const course = await createCourse({ categoryId: category.id });
    for (const hostile of ["it's", "x'); drop table courses; --", "a\\'b", '\\']) {
      expect(await categoryPageData(db, hostile, { sort: 'newest', limit: 10, offset: 0 })).toBeNull();
    }
    const page = await categoryPageData(db, category.slug, { sort: 'newest', limit: 10, offset: 0 });
    expect(page?.cards.map((c) => c.id)).toEqual([course.id]);
    expect(await categoryPageData(db, String(category.id), { sort: 'newest', limit: 10, offset: 0 })).toEqual(page);
    if (driver === 'pglite') {
      // On PGlite the statement lives in the session, planned once: PREPARE, then EXECUTE with literals.
      const prepared = rowsOf<{ name: string; statement: string }>(await db.execute(sql`select name, statement from pg_prepared_statements`));
      expect(prepared.filter((p) => p.name.startsWith('nibras_prepared_') && p.statement.includes(') as listing')).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps the plan of every hot read after its first runs, instead of planning it again on each request (issue 26, point 2)', async () => {
    const { db: shared, driver } = await testDatabase();
    // On the server each pooled connection holds its own statements: one connection of the test's own,
    // so every run lands on it. PGlite is one session.
    const own = driver === 'pg' ? await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolMax: 1 }) : null;
    const db = own?.db ?? shared;
    try {
      const category = await createCategory();
      const course = await createCourse({ categoryId: category.id });
      await createCourse({ categoryId: category.id });
      await addLectures(course.id, 2);
      const { participant } = await enrollParticipant(course.id);
      // The server plans a statement for its values five times, then keeps a generic plan when that is no dearer.
      for (let run = 0; run < 7; run++) {
        expect((await coursePageData(db, course.id, { reviews: 10, similar: 4 }))?.head.id).toBe(course.id);
        for (const sort of ['newest', 'popular', 'rating'] as const) {
          expect((await categoryPageData(db, category.slug, { sort, limit: CATEGORY_PAGE_SIZE, offset: 0 }))?.cards).toHaveLength(2);
        }
        expect((await dashboardData(db, participant.id, { inProgress: 6, recent: 5 })).enrolled).toBe(1);
        expect((await playerData(db, participant.id, course.id)).enrolledAt).toBeInstanceOf(Date);
      }
      const statements = rowsOf<{ statement: string; parameter_types: string[] | string; generic_plans: number | string; custom_plans: number | string }>(
        await db.execute(sql`select statement, parameter_types::text[] as parameter_types, generic_plans, custom_plans from pg_prepared_statements`),
      );
      const hot = statements.filter((s) => Number(s.generic_plans) + Number(s.custom_plans) >= 7);
      // The pages' row counts are written in, not parameters: with `limit $2` the generic plan must allow for
      // any count, is dearer than one made for the values given, and on a catalogue of thousands the server
      // planned the course page (1.7 ms) and the category pages (0.9 ms) again on every run.
      const parameters = (marker: string) =>
        hot.filter((s) => s.statement.includes(marker)).map((s) => (Array.isArray(s.parameter_types) ? s.parameter_types : String(s.parameter_types).replace(/[{}]/g, '').split(',')).length);
      // (On PGlite the session is the worker's, shared with other files: their statements are listed too.)
      expect(parameters(') as page')).toContain(1);
      expect(parameters(') as listing').filter((n) => n === 3).length).toBeGreaterThanOrEqual(3);
      // The course page, three category sorts, the dashboard and the player.
      expect(hot.length).toBeGreaterThanOrEqual(6);
      // Planned for every run: the statement's opening, to say which.
      expect(hot.filter((s) => Number(s.generic_plans) === 0).map((s) => s.statement.slice(0, 200))).toEqual([]);
    } finally {
      await own?.close();
    }
  });
});
