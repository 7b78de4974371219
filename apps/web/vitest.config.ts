import { defineProject } from 'vitest/config';

export default defineProject({
  // The build's own code (vite.*.ts, such as the public chunk planner) is tested here too.
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}', 'vite.*.test.ts'] },
});
