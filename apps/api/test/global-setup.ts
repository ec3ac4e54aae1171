import { migrateDatabase, openDatabase } from '../src/db/client';

/** On a PostgreSQL server every worker shares one database: migrate it once, before any test. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const database = await openDatabase({ url });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}
