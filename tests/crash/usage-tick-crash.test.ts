import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueMinutes } from '../../apps/server/src/modules/billing/usage-minutes';
import { type CrashFixture, createCrashFixture } from '../../apps/server/src/testing/crash-fixture';
import { addRunningMachines, usageCensus } from '../../apps/server/src/testing/usage-census';
import { compiledServerEntry } from '../support/server-build';
import { ROOT } from '../support/server-process';

/*
 * The usage tick survives a crash: 200 running machines of 20 customers on PostgreSQL (their lines
 * appended per wallet in one INSERT, appendLedgerLines);
 * each run moves the clock 10 minutes, starts a tick as its own process, kills it with SIGKILL at
 * a random moment of its charging and runs it again (as the job queue retries a tick). After every
 * run, each machine has exactly one ledger line per minute it ran, none skipped, and every
 * wallet's balance is the sum of its ledger.
 *
 * PostgreSQL at DATABASE_URL (or 127.0.0.1:5432/test); CRASH_RUNS runs (20).
 */
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.CRASH_RUNS ?? 20);
const MINUTE = 60_000;

/**
 * A tick as its own process: the compiled file (support/server-build.ts), as 40 starts under tsx
 * would spend more time loading code than charging. `charging` settles when the tick has begun.
 */
async function tickProcess(url: string, at: Date) {
  const entry = await compiledServerEntry('apps/server/src/testing/usage-tick-once.ts');
  const child = spawn(process.execPath, ['--enable-source-maps', entry, url, at.toISOString()], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const charging = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/^charging$/m.test(output)) resolve();
    });
    exited.then(() => resolve());
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  return { child, exited, charging, output: () => output };
}

describe('the usage tick charges every machine-minute exactly once across kills', () => {
  let fixture: CrashFixture;
  const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + 7_000);
  let machineIds: number[] = [];
  let userIds: number[] = [];

  beforeAll(async () => {
    fixture = await createCrashFixture(SERVER_URL, `base64:${randomBytes(32).toString('base64')}`);
    ({ userIds, machineIds } = await addRunningMachines(fixture.db, {
      customers: 20,
      machines: 200,
      since: start,
      // Far from zero: no wallet's machines are stopped, every minute is charged.
      balance: 10_000_000_000,
    }));
  });
  afterAll(() => fixture?.destroy());

  it(`${RUNS} ticks killed at random moments, each machine-minute charged once`, async () => {
    let killedMidway = 0;
    // One tick left to finish first: how long a 10-minute tick takes from `charging` to its exit
    // on this machine now. The kills then land at random moments inside that span, so most of
    // them interrupt the charging whatever the machine's speed (batched per wallet, a tick of
    // 2,000 machine-minutes can take a tenth of a second, or seconds on a loaded machine).
    const calibration = await tickProcess(fixture.url, new Date(start.getTime() + 10 * MINUTE));
    await calibration.charging;
    const chargingStarted = performance.now();
    expect(await calibration.exited, calibration.output()).toBe(0);
    const tickMs = performance.now() - chargingStarted;
    for (let run = 1; run <= RUNS; run++) {
      const at = new Date(start.getTime() + (run + 1) * 10 * MINUTE);
      const doomed = await tickProcess(fixture.url, at);
      await doomed.charging;
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * tickMs * 0.9)));
      if (doomed.child.exitCode === null) {
        doomed.child.kill('SIGKILL');
        killedMidway++;
      }
      await doomed.exited;
      const retry = await tickProcess(fixture.url, at);
      expect(await retry.exited, retry.output()).toBe(0);

      const due = dueMinutes({ startedAt: start, endedAt: null }, at);
      const census = await usageCensus(fixture.db, machineIds, userIds);
      expect(census.billed).toHaveLength(200);
      expect(
        census.billed.every((b) => b === due),
        `run ${run}: sessions billed to ${due}`,
      ).toBe(true);
      expect(census.usageLines).toBe(200 * due);
      expect(census.distinctKeys).toBe(200 * due);
      for (const book of census.books) {
        expect(book.balance).toBe(book.total);
        expect(book.last).toBe(book.balance);
      }
    }
    // Most kills must have landed while a tick was charging, or the test proved little.
    expect(killedMidway).toBeGreaterThan(RUNS / 2);
  });
});
