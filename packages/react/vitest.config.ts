import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'react',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    // Same jsdom scroll shim as the router's tests.
    setupFiles: ['../router/test/setup.ts', 'test/setup.ts'],
  },
});
