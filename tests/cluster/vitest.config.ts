import { defineProject } from 'vitest/config';

// Two app servers and a worker as child processes on one PostgreSQL database and one Redis
// (cluster.test.ts): started once per file and shared by its tests, which run in order.
export default defineProject({
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
