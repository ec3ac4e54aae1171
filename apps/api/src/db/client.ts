import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one query interface, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite (PostgreSQL in-process) when no URL is given, node-postgres otherwise, with at most `poolMax`
 * connections (10 by default: DATABASE_POOL_MAX) (`log` hears of the server's connections lost).
 * `dataDir` undefined with no URL means an in-memory database (tests); `template`, a dump
 * (pgliteDump) to start it from instead of an empty one.
 */
export async function openDatabase(opts: { url?: string; poolMax?: number; dataDir?: string; template?: Blob; log?: (message: string) => void }): Promise<Database> {
  const log = opts.log ?? ((message: string) => console.warn(message));
  if (opts.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // A connect that hangs (a host gone) fails after 5 s, so the request gets its 503 instead of waiting;
    // keep-alive finds a connection dropped by a firewall instead of waiting on it forever.
    const pool = new Pool({ connectionString: opts.url, max: opts.poolMax ?? 10, connectionTimeoutMillis: 5_000, keepAlive: true });
    // A connection the server drops (a restart, a failover, pg_terminate_backend, an idle timeout) is an
    // 'error' event: idle ones on the pool, ones lent to a transaction on the client itself. Unheard, either
    // ends the process; heard, the pool discards the connection and opens a new one for the next query,
    // and the statement that was running on it fails with an error answered 503 (db/unavailable.ts).
    // An idle connection's error reaches both listeners: it is told once.
    const told = new WeakSet<Error>();
    const lost = (error: Error) => {
      if (told.has(error)) return;
      told.add(error);
      log(`database connection lost (${error.message}); the next query opens a new one`);
    };
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    return { db: drizzle(pool, { schema }) as unknown as Db, driver: 'pg', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dataDir) mkdirSync(path.dirname(opts.dataDir), { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, extensions: { pg_trgm, unaccent }, ...(opts.template ? { loadDataDir: opts.template } : {}) });
  return { db: drizzle(client, { schema }) as unknown as Db, driver: 'pglite', close: () => client.close() };
}

/** The whole embedded database as one uncompressed tar, to open copies of it with `template`. */
export async function pgliteDump(database: Database): Promise<Blob> {
  if (database.driver !== 'pglite') throw new Error('only an embedded database can be dumped');
  const client = (database.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client;
  return client.dumpDataDir('none');
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pg') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder });
  }
}
