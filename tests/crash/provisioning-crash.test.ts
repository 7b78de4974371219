import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashFixture, createCrashFixture } from '../../apps/server/src/testing/crash-fixture';
import { type FakeProxmox, startFakeProxmox } from '../../apps/server/src/testing/fake-proxmox';
import { HttpSession } from '../support/http-session';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/*
 * Provisioning survives a crash (issue 11): the app runs as a child process on PostgreSQL with its
 * in-process worker; a customer orders a machine and the process is killed with SIGKILL at a
 * random moment of the provisioning, then started again. Each time the job must resume and end
 * with the machine ready and running, one machine made on the host for it (the driver found the
 * one it had made instead of making another), and exactly one port held, bound to it.
 *
 * PostgreSQL at DATABASE_URL (or 127.0.0.1:5432/test); CRASH_RUNS runs per driver (20).
 */
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.CRASH_RUNS ?? 20);
const APP_KEY = `base64:${randomBytes(32).toString('base64')}`;
// A deterministic spread of kill moments: the same run kills at the same points.
function moments(seed: number, count: number, maxMs: number): number[] {
  let state = seed >>> 0;
  return Array.from({ length: count }, () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * maxMs);
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('provisioning resumes after the server is killed', () => {
  let fixture: CrashFixture;
  let server: ServerProcess | undefined;
  let proxmox: FakeProxmox | undefined;

  // Compiled (support/server-build.ts): 2 × RUNS starts under tsx spend more time loading code
  // than provisioning.
  const start = () =>
    startServerProcess(
      {
        DATABASE_URL: fixture.url,
        APP_KEY,
        JOB_LEASE_MS: '1500',
        INSTANCE_SIMULATED_LATENCY_MS: '700',
        LOG_LEVEL: 'warn',
      },
      { compiled: true },
    );

  beforeAll(async () => {
    fixture = await createCrashFixture(SERVER_URL, APP_KEY);
  });
  afterAll(async () => {
    await server?.stop();
    await proxmox?.close();
    await fixture?.destroy();
  });

  async function crashRuns(seed: number): Promise<string[]> {
    const uuids: string[] = [];
    server = await start();
    for (const [run, delay] of moments(seed, RUNS, 2500).entries()) {
      const session = new HttpSession(server.url);
      await session.signIn('customer@renderfarm.test', 'password');
      const order = await session.request('POST', '/panel/instances', {
        hardware: 'rtx-4090',
        location: 'thr1',
        image: 1,
        name: `سرور آزمون خرابی ${run + 1}`,
        idempotency_key: `crash-${seed}-${String(run).padStart(4, '0')}-key`,
      });
      const uuid = /\/panel\/instances\/([0-9a-f-]{36})$/.exec(order.headers.get('location') ?? '')?.[1];
      expect(
        uuid,
        `run ${run}: the order answered ${order.status} ${order.headers.get('location')}`,
      ).toBeDefined();
      uuids.push(uuid!);

      await new Promise((resolve) => setTimeout(resolve, delay));
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server!.child.once('exit', resolve));
      server = await start();

      const [machine] = await waitFor(`machine ${run} ready and running`, async () => {
        const census = await fixture.census([uuid!]);
        return census[0]?.status === 'ready' && census[0].power === 'running' ? census : undefined;
      });
      expect(machine, `run ${run} (killed after ${delay} ms)`).toMatchObject({
        status: 'ready',
        power: 'running',
        portsHeld: 1,
        portStatus: 'bound',
      });
    }
    await server.stop();
    server = undefined;
    return uuids;
  }

  it(`simulated driver: ${RUNS} kills, every machine made once and ready`, async () => {
    await fixture.useHost('simulated', { latency_ms: 700, failure_rate: 0, seed: 7 });
    const uuids = await crashRuns(11);
    const census = await fixture.census(uuids);
    expect(census).toHaveLength(RUNS);
    for (const machine of census) {
      expect(machine).toMatchObject({
        status: 'ready',
        power: 'running',
        portsHeld: 1,
        simulatedMachines: 1,
      });
    }
  });

  it(`proxmox driver (a local fake of the API): ${RUNS} kills, one VM per machine, every machine ready`, async () => {
    // Tasks take long enough that kills land in the middle of clones and starts.
    proxmox = await startFakeProxmox({ taskMs: 600 });
    await fixture.useHost('proxmox', {
      url: proxmox.url,
      token_id: proxmox.tokenId,
      token_secret: proxmox.tokenSecret,
      node: proxmox.node,
    });
    const uuids = await crashRuns(23);
    const census = await fixture.census(uuids);
    expect(census).toHaveLength(RUNS);
    for (const machine of census) {
      expect(machine).toMatchObject({ status: 'ready', power: 'running', portsHeld: 1 });
      expect(proxmox.vmsFor(machine.uuid), `VMs of ${machine.uuid}`).toHaveLength(1);
      expect(String(proxmox.vmsFor(machine.uuid)[0]!.vmid)).toBe(machine.driverRef);
    }
  });
});
