import { defineConfig } from 'drizzle-kit';

// Every option lives here: drizzle-kit ignores this file when --out is given on the command line.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema/index.ts',
  out: './apps/api/src/db/migrations',
});
