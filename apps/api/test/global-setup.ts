import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase, pgliteDump } from '../src/db/client';

/** Where the migrated template database of this run is (PGlite only); workers start from a copy of it. */
export const TEMPLATE_ENV = 'NIBRAS_TEST_PGLITE_TEMPLATE';

/**
 * Once per run, before any test: on a PostgreSQL server every worker shares one database, migrated
 * here; on PGlite each worker gets its own in-memory database, loaded from one migrated template
 * made here (opening a fresh PGlite and migrating it costs seconds; loading a dump, one).
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    return;
  }
  if (process.env[TEMPLATE_ENV]) return; // another project of this run made it already
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const dir = mkdtempSync(path.join(tmpdir(), 'nibras-pglite-template-'));
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await (await pgliteDump(database)).arrayBuffer()));
    // Workers are started after this and inherit the variable.
    process.env[TEMPLATE_ENV] = file;
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await database.close();
  }
}
