import { defineProject } from 'vitest/config';

// The app as a child process, killed with SIGKILL mid-work and started again (provisioning-crash).
export default defineProject({
  test: {
    name: 'crash',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
