import { defineConfig } from 'vitest/config';

// The two-instance harness (npm test runs it after the PostgreSQL pass): two compiled servers on one PostgreSQL
// database (and Redis) behind a round-robin proxy. Needs TEST_DATABASE_URL.
export default defineConfig({
  test: {
    name: 'instances',
    root: import.meta.dirname,
    environment: 'node',
    include: ['*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
