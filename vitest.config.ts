import { defineConfig } from 'vitest/config';

// One runner for everything: API tests (Fastify inject on PGlite or TEST_DATABASE_URL),
// web unit tests, and browser tests (playwright-core driving Debian's Chromium).
export default defineConfig({
  test: {
    // The default output, then what a retried browser test failed with on its first try.
    reporters: ['default', './scripts/retried-tests-reporter.ts'],
    projects: [
      {
        test: {
          name: 'api',
          // Projects run one group after another: the API suite, then web units, then the browser tests
          // (which need their own worker count and would compete for the 2 cores).
          sequence: { groupOrder: 0 },
          include: ['apps/api/**/*.test.ts', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // One database per worker, shared by its test files (opening + migrating costs seconds).
          isolate: false,
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          sequence: { groupOrder: 1 },
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          maxWorkers: 2,
          // One more try for a browser test that fails: the 2 shared cores make Chromium timing noisy.
          // A retried test still fails the run if it fails twice, and the report names it (docs/decisions/008).
          retry: 1,
        },
      },
    ],
  },
});
