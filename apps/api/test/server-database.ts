import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * An empty database of the test's own on the PostgreSQL server (TEST_DATABASE_URL's, or the local
 * one), for server processes that need a server: several processes on one database, connections
 * that the test ends. `sql` runs a statement as the server's superuser from its `postgres` database.
 */
export function serverDatabase(label: string) {
  const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `nibras_${label}_${randomBytes(4).toString('hex')}`;
  const at = (database: string) => Object.assign(new URL(server.href), { pathname: `/${database}` }).href;
  async function sql(statement: string, params: unknown[] = []) {
    const client = new pg.Client({ connectionString: at('postgres') });
    await client.connect();
    try {
      return (await client.query(statement, params)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }
  return {
    name,
    url: at(name),
    /** The server's address and port, for a test that puts something between them and the API. */
    host: server.hostname,
    port: Number(server.port || 5432),
    sql,
    create: () => sql(`CREATE DATABASE ${name}`),
    drop: () => sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
