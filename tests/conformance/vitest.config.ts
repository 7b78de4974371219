import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'conformance',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
