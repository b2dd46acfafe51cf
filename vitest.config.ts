import { defineConfig } from 'vitest/config';

// One config, four projects: shared contracts, the local ESLint rules (and the docs-link check), the server
// (embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set and AQUAMALL_TEST_DB=pg), and the web units in jsdom.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node', include: ['src/**/*.test.ts'] } },
      { test: { name: 'eslint', root: 'eslint', environment: 'node', include: ['*.test.js'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // One migrated database per run, which every test app loads (embedded: src/test/pglite-snapshot.ts)
          // or copies (PostgreSQL: src/test/pg-template.ts).
          globalSetup: ['src/test/pglite-snapshot.ts', 'src/test/pg-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: true,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
