import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const cores = availableParallelism();

/** API test files that compare site-wide totals: run alone (see the api-alone project). */
const SITE_WIDE_FIGURES = ['apps/api/src/modules/dashboard/dashboard.test.ts'];

/**
 * API test files whose outcome does not depend on the database engine they are given: run once (the
 * api-once project), not again on the PostgreSQL server (docs/decisions/009, addendum of issue 24).
 */
const ENGINE_FREE = [
  // What lib/ does by itself: sanitizing, search text, PDFs, markup scans, caches, storage drivers, the
  // upload stream's checks and Redis being down. uploads.test.ts and shared-state.test.ts sign users in
  // and store an avatar: statements the module tests run on both engines.
  'apps/api/src/lib/*.test.ts',
  // How answers are written, on a bare Fastify app of its own.
  'apps/api/src/plugins/answers.test.ts',
  // Generated bodies against every route: validation and the error envelope decide; what reaches SQL is
  // the routes' own statements, which their module tests run on both engines.
  'apps/api/src/plugins/envelope-fuzz-*.test.ts',
  // Server processes on PGlite data folders of their own (npm start, restarts, a crash), and the
  // helpers' clean-up of what a test leaves running: TEST_DATABASE_URL is not used.
  'apps/api/src/server.test.ts',
  'apps/api/test/running.test.ts',
  // API processes on a PostgreSQL database the test makes itself, the same in both passes: two on one
  // port, one whose database connections the test cuts and ends, and one stopped while it holds requests.
  'apps/api/src/cluster.test.ts',
  'apps/api/src/database-loss.test.ts',
  // One API process on a PostgreSQL database of the test's own, stopped with SIGTERM while it holds requests.
  'apps/api/src/shutdown.test.ts',
  // The demo seed on an in-memory PGlite of its own, whatever TEST_DATABASE_URL says.
  'apps/api/src/seed/demo.test.ts',
  // The storage:to-s3 command on files and a bucket; the app on the moved files signs in and reads.
  'apps/api/src/tools/storage-to-s3.test.ts',
  // A cover's WebP copies: sharp and the storage decide; the one read (a public course's cover) and the cover
  // uploads are statements the media and authoring tests run on both engines.
  'apps/api/src/modules/media/cover-variants.test.ts',
  // A drawn page's head from the web build's files: no database.
  'apps/api/src/modules/seo/drawn-head.test.ts',
];

// One runner for everything: API tests (Fastify inject on PGlite or TEST_DATABASE_URL), unit tests
// of the web app and the scripts, and browser tests (playwright-core driving Debian's Chromium).
// `npm run test:db` runs only the `api` and `api-alone` projects: the tests whose outcome depends on the
// database engine, again on the PostgreSQL server (docs/decisions/009); `npm test` runs api-once too.
export default defineConfig({
  test: {
    // The default output, then what a retried browser test failed with on its first try.
    reporters: ['default', './scripts/retried-tests-reporter.ts'],
    projects: [
      {
        test: {
          name: 'api',
          // Projects run one group after another: the API suite and the unit tests, then the browser
          // tests, which start servers and Chromium and would compete with them for the cores.
          sequence: { groupOrder: 0 },
          include: ['apps/api/**/*.test.ts'],
          exclude: [...SITE_WIDE_FIGURES, ...ENGINE_FREE],
          environment: 'node',
          // A worker per core, each with one database shared by its test files (a copy of the run's
          // migrated template on PGlite: global-setup.ts). Tests isolate themselves by data.
          isolate: false,
          maxWorkers: cores,
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/statuses.setup.ts', 'apps/api/test/running.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Run once, by `npm test` only: their outcome does not depend on the engine (ENGINE_FREE).
          // The same group, set-up and workers as the api project, so the two share the cores.
          name: 'api-once',
          sequence: { groupOrder: 0 },
          include: [...ENGINE_FREE],
          environment: 'node',
          isolate: false,
          maxWorkers: cores,
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/statuses.setup.ts', 'apps/api/test/running.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Tests of site-wide figures (the admin dashboard's counts) compare totals before and after
          // their own changes: on a PostgreSQL server every worker shares one database, so another
          // file's writes would change those totals meanwhile. They run alone, after the API suite.
          name: 'api-alone',
          sequence: { groupOrder: 1 },
          include: [...SITE_WIDE_FIGURES],
          environment: 'node',
          isolate: false,
          maxWorkers: 1,
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/statuses.setup.ts', 'apps/api/test/running.setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 2 },
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          maxWorkers: cores,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['apps/web/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts', 'apps/web/e2e/support/page-loads.setup.ts'],
          // Files of a worker share its database copy and its Chromium (support/browser.ts); each
          // test opens a browser context of its own. One worker more than the cores: a browser test also waits
          // (pages, transitions, the server), but more workers than that only add contention. Measured 2026-12-08
          // on 2 cores, the whole group alone, counting every process (scripts/cpu-of-tree.py): 4 workers 440 s
          // wall and 825 s of CPU, the cores 99 % busy; 3 workers 413 s and 769 s (docs/testing.md, "What it costs").
          isolate: false,
          maxWorkers: cores + 1,
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // One more try for a browser test that fails: the 2 shared cores make Chromium timing noisy.
          // A retried test still fails the run if it fails twice, and the report names it (docs/decisions/008).
          retry: 1,
          // expect.poll waits 1 s by default: less than a page's first render takes on the 2 shared cores
          // under the full run (the assessment summary's first poll timed out so, and passed on its retry).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
