import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // On PostgreSQL: parallel queries on one transaction fail the test (src/testing/pg-overlap-guard.ts).
    setupFiles: ['src/testing/pg-overlap-guard.ts'],
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
