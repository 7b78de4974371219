import { defineProject } from 'vitest/config';

// Chromium against the real server, started once for the whole project by the global setup.
export default defineProject({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser at a time: two cores, and the server is shared.
    fileParallelism: false,
  },
});
