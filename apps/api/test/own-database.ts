import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../src/db/client';
import { TEMPLATE_ENV } from './global-setup';

/**
 * A migrated database of the test file's own, for data that would disturb the shared one (a whole
 * seeded catalog): on a server (TEST_DATABASE_URL) a new database on the same server, dropped by
 * `drop`; on PGlite a fresh in-memory one (a copy of the run's migrated template when there is one).
 */
export async function ownDatabase(label: string): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = process.env[TEMPLATE_ENV];
    const database = template ? await openDatabase({ template: new Blob([readFileSync(template)]) }) : await openDatabase({});
    if (!template) await migrateDatabase(database);
    return { ...database, drop: () => database.close() };
  }
  const name = `nibras_test_${label}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const ownUrl = new URL(url);
  ownUrl.pathname = `/${name}`;
  const database = await openDatabase({ url: ownUrl.toString() });
  // Dropping the database ends its connections: a pooled one still closing must not fail the run.
  (database.db as unknown as { $client: { on(event: 'error', listener: () => void): void } }).$client.on('error', () => {});
  await migrateDatabase(database);
  return {
    ...database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: adminUrl.toString() });
      await again.connect();
      try {
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}
