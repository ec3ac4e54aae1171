import type { Db } from './client';

/**
 * A statement built and prepared once per database, for the reads every signed-in request makes.
 * On the PostgreSQL server it is a named statement: each pooled connection parses it once and,
 * after a few runs, keeps its plan, so a request pays neither Drizzle's building of the SQL nor
 * the server's planning (5 ms for the dashboard's). Not for statements inside a transaction: the
 * prepared statement runs on the pool, not on the transaction's connection.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) byDatabase.set(db, (prepared = prepare(db)));
    return prepared;
  };
}
