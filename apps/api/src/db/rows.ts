/** The rows of `db.execute`: node-postgres answers with `{ rows }`, PGlite (through Drizzle) with the rows or `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
