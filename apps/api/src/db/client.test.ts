import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../../test/harness';

describe('one database layer', () => {
  it('runs on node-postgres when TEST_DATABASE_URL is set and on PGlite otherwise', async () => {
    const database = await testDatabase();
    expect(database.driver).toBe(process.env.TEST_DATABASE_URL ? 'pg' : 'pglite');
  });

  it('has the committed migrations applied', async () => {
    const { db } = await testDatabase();
    const rows = await db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public'`);
    // node-postgres returns { rows }, PGlite returns the rows themselves.
    const list = (Array.isArray(rows) ? rows : (rows as { rows: { table_name: string }[] }).rows) as { table_name: string }[];
    const names = list.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(['users', 'sessions', 'refresh_tokens', 'categories', 'courses']));
  });
});
