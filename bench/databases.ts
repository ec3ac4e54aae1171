import pg from 'pg';

/** The PostgreSQL server the benchmarks use: BENCH_PG_URL, or the local one. */
export const BENCH_PG_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

/** A new empty database on the server for the body of `use`, dropped afterwards whatever happens. */
export async function withFreshDatabase<T>(label: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `nibras_bench_${label.replace(/\W/g, '_')}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: `${BENCH_PG_URL}/postgres` });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    try {
      return await use(`${BENCH_PG_URL}/${name}`);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/** The database a URL names (the benchmarks count the CPU of that database's backends only). */
export function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}
