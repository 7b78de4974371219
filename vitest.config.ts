import { defineConfig } from 'vitest/config';

// One runner for the whole tree: each workspace member is a project with its own config.
// Two cores on CI: files run in parallel within modest limits.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      'tests/conformance',
      'tests/consumer',
      'tests/e2e',
      'tests/crash',
      'tests/cluster',
    ],
    maxWorkers: 2,
    passWithNoTests: true,
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
