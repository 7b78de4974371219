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
    // `expect.poll` waits for a server's answer on screen: its 1 s default is shorter than one
    // scrypt check (~100 ms alone) takes on two busy shared cores. Still fails when it never comes.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // One browser at a time: two cores, and the server is shared.
    fileParallelism: false,
    // One worker runs every file in turn: a fresh one per file cost ~5 s of start and imports each
    // at load 14 (docs/development.md, Tests). Each file launches and closes its own Chromium. A
    // group of its own: vitest refuses a one-worker project beside two-worker ones in a group.
    isolate: false,
    sequence: { groupOrder: 1 },
  },
});
