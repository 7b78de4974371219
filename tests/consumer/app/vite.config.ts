import { defineConfig } from 'vitest/config';

// The app's own build and tests, as a team would set them up: no plugin, Vite's JSX transform.
export default defineConfig({
  test: {
    environment: 'jsdom',
    testTimeout: 60_000,
  },
});
