import { defineProject } from 'vitest/config';

// What a team outside the workspace gets from `pnpm pack` (builds run in prepack: minutes, not seconds).
export default defineProject({
  test: {
    name: 'consumer',
    environment: 'node',
    include: ['**/*.test.ts'],
    // The app in app/ is installed into a temporary folder by consumer-app.test.ts and runs its own tests there.
    exclude: ['app/**', '**/node_modules/**'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
