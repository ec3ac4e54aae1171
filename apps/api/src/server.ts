import path from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { migrateDatabase, openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './seed/demo';
import { resolveJwtSecret } from './lib/secret';
import { createStorage } from './lib/create-storage';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pg') });
  await migrateDatabase(database);
  let seeded = false;
  const storage = await createStorage(config);
  if (config.seedDemo && (await isDatabaseEmpty(database.db))) {
    await seedDemo(database.db, storage);
    seeded = true;
  }
  const app = await buildApp(config, { db: database.db, storage, jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir) });
  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `PGlite at ${path.join(config.dataDir, 'pg')}`;
  const banner = [
    `Nibras is running on http://localhost:${config.port}  (database: ${where}; ready in ${Date.now() - started} ms)`,
    `API docs: http://localhost:${config.port}/api/docs`,
  ];
  if (config.seedDemo) {
    banner.push(`${seeded ? 'Demo data seeded. ' : ''}Demo logins (password for all: ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) banner.push(`  ${a.role.padEnd(11)} ${a.email.padEnd(26)} http://localhost:${config.port}/${a.role}/login`);
  }
  // One write, so whoever reads the output sees the whole banner at once.
  console.log(banner.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
