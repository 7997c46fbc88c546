import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace. Server API tests run once on a fresh embedded PGlite
// per file, and once more on PostgreSQL when TEST_DATABASE_URL is set; each file's database is a
// copy of template databases that the project's global setup migrates once per run.
const sharedSrc = fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url));
const sharedCatalogue = fileURLToPath(new URL('./packages/shared/src/catalogue/index.ts', import.meta.url));
// The catalogue entry (decision 0073) first: the main entry's alias would take its subpath.
const alias = { '@message-station/shared/catalogue': sharedCatalogue, '@message-station/shared': sharedSrc };

/**
 * Web tests about how modules load (zod's settings before zod, providers loaded on first use):
 * they need a module graph of their own.
 */
const FRESH_WEB_TESTS = [
  'apps/web/src/app/zod-without-eval.test.ts',
  'apps/web/src/app/AppProviders.test.tsx',
];
/** An API test that measures the worker's heap: other files' leftovers must not be in it. */
const FRESH_API_TESTS = ['apps/server/src/platform/sse-memory.test.ts'];
/**
 * Server tests that open no database (providers against their loopback fakes, Apertium and
 * espeak-ng, pure modules): they run once, in the `server` project, not once per database. A file
 * here that starts opening one still works (on PGlite), but belongs in the API projects.
 */
const DB_FREE_SERVER_TESTS = [
  'apps/server/src/config.test.ts',
  'apps/server/src/deploy-files.test.ts',
  'apps/server/src/modules/audio/fair-queue.test.ts',
  'apps/server/src/modules/audio/speech.test.ts',
  'apps/server/src/modules/machines/agent-frames.test.ts',
  'apps/server/src/modules/machines/connections.test.ts',
  'apps/server/src/modules/machines/node-protocol.test.ts',
  'apps/server/src/modules/schedules/recurrence.test.ts',
  'apps/server/src/platform/error-status.test.ts',
  'apps/server/src/platform/job-registry.test.ts',
  'apps/server/src/platform/log-safety.test.ts',
  'apps/server/src/modules/delivery/compose.test.ts',
  'apps/server/src/platform/subscriber-pages.test.ts',
  'apps/server/src/platform/web-app.test.ts',
  'apps/server/src/providers/**/*.test.ts',
];

const apiProject = (name: string, testDb: string, fresh = false) => ({
  resolve: { alias },
  test: {
    name,
    include: fresh ? FRESH_API_TESTS : ['apps/server/src/**/*.test.ts'],
    exclude: fresh ? [] : [...FRESH_API_TESTS, ...DB_FREE_SERVER_TESTS],
    environment: 'node',
    env: { TEST_DB: testDb },
    // One file needs no template databases: it migrates its own (test/db.ts).
    globalSetup: fresh ? [] : ['apps/server/src/test/global-setup.ts'],
    // Files in a worker share one module graph: the server's modules load once per worker instead
    // of once per file (api-pglite 244 s → 145 s on two cores). Every file still gets its own
    // database and app; state a module keeps between files is reset by the code that owns it.
    // The fresh project's files get a graph each, as before.
    isolate: fresh,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker (cores - 1). API files spend much of their time
    // waiting on databases, child processes and timers, so three files at once finish the suite in
    // about half the time (18 min → 8.5 min measured on two cores).
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      // The heap test runs on PGlite only (streams, not the database, are measured).
      apiProject('api-fresh', 'pglite', true),
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: DB_FREE_SERVER_TESTS,
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'agent',
          include: ['apps/agent/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: FRESH_WEB_TESTS,
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // React, Mantine and the pages load once per worker, not once per file (173 s → 76 s);
          // setup.ts clears what they keep between tests (DOM, toasts, cookies, storage, API mocks).
          isolate: false,
        },
      },
      {
        // The web build's module-graph analysis (apps/web/build/chunks.ts) on graphs of its own:
        // Node code, no page, so none of the web project's DOM setup.
        test: { name: 'web-build', include: ['apps/web/build/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'web-fresh',
          include: FRESH_WEB_TESTS,
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
