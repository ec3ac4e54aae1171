import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase, pgliteDump } from '../src/db/client';
import { killWrittenDown, PROCESSES_ENV } from './running';

/** Where the migrated template database of this run is (PGlite only); workers start from a copy of it. */
export const TEMPLATE_ENV = 'NIBRAS_TEST_PGLITE_TEMPLATE';

/**
 * Once per run, before any test: on a PostgreSQL server every worker shares one database, migrated
 * here; on PGlite each worker gets its own in-memory database, loaded from one migrated template
 * made here (opening a fresh PGlite and migrating it costs seconds; loading a dump, one).
 */
export default async function setup() {
  const teardown = processFolder();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    return teardown;
  }
  if (process.env[TEMPLATE_ENV]) return teardown; // another project of this run made it already
  const database = await openDatabase({});
  try {
    await migrateDatabase(database);
    const dir = mkdtempSync(path.join(tmpdir(), 'nibras-pglite-template-'));
    const file = path.join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await (await pgliteDump(database)).arrayBuffer()));
    // Workers are started after this and inherit the variable.
    process.env[TEMPLATE_ENV] = file;
    return () => {
      teardown();
      rmSync(dir, { recursive: true, force: true });
    };
  } finally {
    await database.close();
  }
}

/**
 * The run's folder of server process pids (running.ts), made by the first project's set-up; its
 * teardown, when the whole run ends, kills whatever server process is still written down there: one
 * started by a test body that went on after its test timed out, or left by a worker that was killed.
 */
function processFolder(): () => void {
  if (process.env[PROCESSES_ENV]) return () => undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'nibras-test-processes-'));
  process.env[PROCESSES_ENV] = dir;
  return () => {
    const killed = killWrittenDown(dir);
    if (killed.length) console.warn(`killed server processes the tests left running: ${killed.join(', ')}`);
    rmSync(dir, { recursive: true, force: true });
  };
}
