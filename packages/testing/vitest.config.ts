import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'testing',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    setupFiles: ['test/setup.ts'],
  },
});
