import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { buildUserSearchText } from '../lib/search-text';
import { diskStorage } from '../lib/storage';
import { seedDemo } from './demo';

describe('demo seed', () => {
  // Its own empty database: the seed runs only on one (server.ts).
  it('writes every account with its search text (the admin lists search it)', async () => {
    const database = await openDatabase({});
    try {
      await migrateDatabase(database);
      await seedDemo(database.db, diskStorage(mkdtempSync(path.join(tmpdir(), 'nibras-seed-'))));
      const rows = await database.db.select({ name: users.name, email: users.email, searchText: users.searchText }).from(users);
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) expect(row.searchText).toBe(buildUserSearchText(row.name, row.email));
    } finally {
      await database.close();
    }
  }, 120_000);
});
