import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedPowerActions } from '../../apps/server/src/modules/instances/state-machine';
import { type CrashFixture, createCrashFixture } from '../../apps/server/src/testing/crash-fixture';
import { HttpSession } from '../support/http-session';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/*
 * A power job killed on every try (issue 18): the customer starts a stopped machine, and the app
 * (a child process on PostgreSQL with its in-process worker) is killed with SIGKILL during tries
 * 1, 2 and 3 of the `instance.power` job, then started again. With no try left, the job's failed
 * step must settle the machine where the host says it is: a state with an action, never
 * `starting` forever.
 */
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const APP_KEY = `base64:${randomBytes(32).toString('base64')}`;

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a power job killed during every try', () => {
  let fixture: CrashFixture;
  let server: ServerProcess | undefined;

  const start = () =>
    startServerProcess(
      {
        DATABASE_URL: fixture.url,
        APP_KEY,
        JOB_LEASE_MS: '1500',
        // The machine takes a minute to run (within a try's two-minute timeout), so every try, the
        // first one's start still under way, is killed in the middle of its wait.
        INSTANCE_SIMULATED_LATENCY_MS: '60000',
        LOG_LEVEL: 'warn',
      },
      { compiled: true },
    );

  beforeAll(async () => {
    fixture = await createCrashFixture(SERVER_URL, APP_KEY);
  });
  afterAll(async () => {
    await server?.stop();
    await fixture?.destroy();
  });

  it('ends with the machine in a state that allows an action, the owner told why', async () => {
    const machine = await fixture.stoppedMachine();
    const powerJob = () => fixture.powerJob(machine.id);

    server = await start();
    const session = new HttpSession(server.url);
    await session.signIn('customer@renderfarm.test', 'password');
    const asked = await session.request('POST', `/panel/instances/${machine.uuid}/power`, {
      action: 'start',
    });
    expect(asked.status, 'the start request').toBeLessThan(400);

    for (const attempt of [1, 2, 3]) {
      await waitFor(`try ${attempt} under way`, async () => {
        const job = await powerJob();
        return job?.state === 'running' && job.attempts === attempt && job.lockedBy ? job : undefined;
      });
      // Inside the try: the driver has been asked, the machine is on its way.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const killed = server.child;
      server = undefined;
      killed.kill('SIGKILL');
      await new Promise((resolve) => killed.once('exit', resolve));
      expect((await powerJob())!.state, `after the kill in try ${attempt}`).toBe('running');
      server = await start();
    }

    const settled = await waitFor('the machine settled', async () => {
      const row = await fixture.machine(machine.id);
      return row && row.power !== 'starting' ? row : undefined;
    });
    expect(allowedPowerActions(settled.status, settled.power).length).toBeGreaterThan(0);
    expect(['running', 'stopped']).toContain(settled.power);
    expect(settled.failureReason).toMatch(/^روشن کردن سرور انجام نشد/);
    expect(await powerJob()).toMatchObject({ state: 'failed', attempts: 3, lockedBy: null });

    await server.stop();
    server = undefined;
  });
});
