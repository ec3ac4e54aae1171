import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../../../test/harness';
import { createCategory, createCourse } from '../../../test/factories';
import { categoryPageData } from './catalog.queries';
import { sqlLiteral } from '../../db/prepared';

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
});
