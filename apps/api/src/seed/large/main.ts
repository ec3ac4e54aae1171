/**
 * `npm run seed:large [-- --scale 0.1]`: the large catalog (docs/large-catalog.md) on the database
 * `npm start` uses (PGlite under DATA_DIR/pg, or DATABASE_URL), migrated first as the server does.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { migrateDatabase, openDatabase } from '../../db/client';
import { AlreadySeededError, LARGE_PASSWORD, largeParticipantEmail, seedLarge } from './seed';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
if (!(scale > 0 && scale <= 10)) {
  console.error(`--scale must be a number above 0 and at most 10 (got ${values.scale})`);
  process.exit(2);
}

const config = loadConfig();
const where = config.databaseUrl ? 'the PostgreSQL server (DATABASE_URL)' : `PGlite at ${path.join(config.dataDir, 'pg')}`;
const started = performance.now();
console.log(`Seeding the large catalog at scale ${scale} on ${where}`);
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pg') });
try {
  await migrateDatabase(database);
  const counts = await seedLarge(database.db, { scale, log: console.log });
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s:`, counts);
  console.log(`Sign in as ${largeParticipantEmail(1)} (or any participantN, instructorN) with the password ${LARGE_PASSWORD}.`);
} catch (error) {
  if (!(error instanceof AlreadySeededError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
