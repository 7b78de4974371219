import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, that CI reads
 * whatever runner produced it. Unhandled errors and files that failed to load count as failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    // An error thrown outside any test (or a file that failed to load) fails the run: count it.
    failed += unhandledErrors.length;
    for (const mod of testModules) if (mod.state() === 'failed' && !mod.children.size) failed++;
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
