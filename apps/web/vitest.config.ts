import { defineProject } from 'vitest/config';

export default defineProject({
  // The build's own code (vite.*.ts, such as the public chunk planner) is tested here too.
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite.*.test.ts'],
    setupFiles: ['vitest.setup.ts'],
    // A file's first render imports the page and its components: 4.5 s on an idle two-core machine,
    // past vitest's 5 s default under load (seen at a load average of 14).
    testTimeout: 30_000,
  },
});
