import { defineConfig } from 'vitest/config';

// Root Vitest config. Run through `npm test` (scripts/test.mjs) or directly, e.g.
//   npx vitest run --project 'unit*'                     # all unit tests (node + web)
//   npx vitest run --project api                         # API tests on embedded PGlite
//   TEST_DATABASE=postgres npx vitest run --project api  # on a throwaway PostgreSQL cluster
//   TEST_DATABASE_URL=postgres://... npx vitest run --project api
//
// Vitest 4 removed `environmentMatchGlobs`, so the unit tests are split into two
// projects by environment: `unit` (node) and `unit-web` (happy-dom). Select both
// with the wildcard `--project 'unit*'`.
const exclude = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude,
          // Vitest's default is one worker fewer than the cores: one on CI's two. Two took the unit run
          // from 406 s to 249 s there.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'unit-web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          exclude,
          // TEST_DATABASE=postgres: a throwaway PostgreSQL cluster for the run (or TEST_DATABASE_URL's); then
          // one migrated and seeded template database per run, copied for each test file
          // (apps/server/test/template.ts).
          globalSetup: ['scripts/vitest-postgres.mjs', 'apps/server/test/template.ts'],
          // Each test file's process seals secrets with a test key, as a started server does with its own.
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
