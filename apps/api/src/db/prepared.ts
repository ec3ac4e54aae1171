import type { Db } from './client';

/**
 * A statement built and prepared once per database, for the hottest reads (the session check, the
 * dashboard, the player, the course page, the category pages). On the PostgreSQL server it is a named
 * statement: each pooled connection parses it once and, after five runs, keeps a generic plan if it is
 * no dearer than the ones made for the values given, so a request pays neither Drizzle's building of the
 * SQL nor the server's planning (5 ms for the dashboard's). A row count given as a parameter (`limit $2`)
 * makes the generic plan dearer and the server plans every run: write counts in (catalog.queries.ts,
 * literalCount; docs/decisions/014, last addendum). On
 * PGlite drizzle sends it unnamed, planned again on every run (most of a dashboard's 4.5 ms there), so
 * it is prepared in SQL instead (`PREPARE`, once) and run with `EXECUTE` (issue 26, point 8). Not for
 * statements inside a transaction: the prepared statement runs on the pool, not on the transaction's
 * connection.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) byDatabase.set(db, (prepared = preparedInSqlOnPglite(prepare(db))));
    return prepared;
  };
}

interface PgliteClient {
  query(text: string, params?: unknown[], options?: object): Promise<unknown>;
  exec(text: string): Promise<unknown>;
}

/** The parts of drizzle's PglitePreparedQuery used here: it runs `queryString` through `client`. */
interface PglitePreparedQuery {
  queryString: string;
  client: PgliteClient;
}

let statements = 0;

function isPglitePrepared(query: unknown): query is PglitePreparedQuery {
  const q = query as Partial<PglitePreparedQuery>;
  return typeof q.queryString === 'string' && typeof q.client?.exec === 'function' && typeof q.client.query === 'function';
}

/**
 * A parameter as an SQL literal for EXECUTE. Only what the prepared statements pass: whole and decimal
 * numbers, booleans, null, dates (as ISO text), and text (quoted with doubled quotes: standard_conforming_strings is on,
 * checked before the first use, so a backslash is an ordinary character).
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a prepared statement parameter must be a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return sqlLiteral(value.toISOString());
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('a prepared statement parameter cannot hold NUL');
    return `'${value.replace(/'/g, "''")}'`;
  }
  throw new Error(`a prepared statement parameter of type ${typeof value} is not supported`);
}

function preparedInSqlOnPglite<T>(query: T): T {
  if (!isPglitePrepared(query)) return query;
  const client = query.client;
  const name = `nibras_prepared_${++statements}`;
  let ready: Promise<unknown> | undefined;
  query.client = {
    exec: (text) => client.exec(text),
    query: async (text, params = [], options) => {
      if (text !== query.queryString) return client.query(text, params, options);
      ready ??= (async () => {
        const [setting] = ((await client.query('show standard_conforming_strings')) as { rows: { standard_conforming_strings: string }[] }).rows;
        if (setting?.standard_conforming_strings !== 'on') throw new Error('standard_conforming_strings must be on');
        await client.exec(`PREPARE ${name} AS ${text}`);
      })().catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      return client.query(params.length ? `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})` : `EXECUTE ${name}`, [], options);
    },
  };
  return query;
}
