import path from 'node:path';
import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { migrateDatabase, openDatabase, type Database } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './seed/demo';
import { resolveJwtSecret } from './lib/secret';
import type { Storage } from './lib/storage';
import { createStorage } from './lib/create-storage';
import { isClusterPrimary, portInUse, portInUseMessage, PORT_IN_USE_EXIT_CODE, runPrimary, workerIndex } from './cluster';

/** What happens once per start, in the only process or in the cluster's primary: migrations, then demo data into an empty database. */
async function prepareData(config: Config, database: Database, storage: Storage): Promise<boolean> {
  // Said as it happens: on a small machine these are the quiet seconds of a first start.
  console.log('Applying database migrations…');
  await migrateDatabase(database);
  if (!config.seedDemo || !(await isDatabaseEmpty(database.db))) return false;
  console.log('Seeding demo data into the new database (once)…');
  await seedDemo(database.db, storage, config.invoices);
  return true;
}

function banner(config: Config, seeded: boolean, started: number): string {
  const where = config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `PGlite at ${path.join(config.dataDir, 'pg')}`;
  const lines = [
    `Nibras is running on http://localhost:${config.port}  (database: ${where}; ready in ${Date.now() - started} ms)`,
    `API docs: http://localhost:${config.port}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push(`${seeded ? 'Demo data seeded. ' : ''}Demo logins (password for all: ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.role.padEnd(11)} ${a.email.padEnd(26)} http://localhost:${config.port}/${a.role}/login`);
  }
  if (config.workers > 1) lines.push(`${config.workers} API processes (node:cluster) share port ${config.port}.`);
  return lines.join('\n');
}

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const storage = await createStorage(config);
  const open = () => {
    if (!config.databaseUrl) console.log(`Opening the embedded database (PGlite at ${path.join(config.dataDir, 'pg')})…`);
    return openDatabase({ url: config.databaseUrl, poolMax: config.databasePoolMax, dataDir: path.join(config.dataDir, 'pg') });
  };
  if (isClusterPrimary(config)) {
    let seeded = false;
    return runPrimary(
      config,
      async () => {
        const database = await open();
        seeded = await prepareData(config, database, storage);
        await database.close();
        // Generated here once, so the workers all read the same one.
        resolveJwtSecret(config.jwtSecret, config.dataDir);
      },
      () => banner(config, seeded, started),
    );
  }
  // A cluster's worker finds the data prepared by its primary.
  const worker = workerIndex();
  const database = await open();
  const seeded = worker === undefined && (await prepareData(config, database, storage));
  const app = await buildApp(config, { db: database.db, storage, jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir), workerIndex: worker });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if (!portInUse(error)) throw error;
    // A worker leaves the telling to its primary (cluster.ts), which would otherwise start it again.
    if (worker === undefined) console.error(portInUseMessage(config.port));
    await database.close().catch(() => undefined);
    process.exit(PORT_IN_USE_EXIT_CODE);
  }
  // One write, so whoever reads the output sees the whole banner at once.
  if (worker === undefined) console.log(banner(config, seeded, started));

  // A clean shutdown (plugins/shutdown.ts, docs/operations.md): no new connections; new requests on kept-alive
  // ones answered 503; the requests under way finish (for at most SHUTDOWN_GRACE_SECONDS); live streams end;
  // the mail worker finishes the message in hand; only then is the database pool closed.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down (finishing the requests under way, for at most ${config.shutdownGraceMs / 1000} s)`);
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      console.error('shutdown:', error instanceof Error ? error.message : error);
      code = 1;
    }
    await database.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
