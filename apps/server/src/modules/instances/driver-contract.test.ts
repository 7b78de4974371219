import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { type FakeProxmox, startFakeProxmox } from '../../testing/fake-proxmox';
import type { DriverStatus, InstanceDriver, ProvisionRequest } from './driver';
import { InstanceDriverError } from './errors';
import { createProxmoxDriver } from './proxmox-driver';
import { createSimulatedDriver } from './simulated-driver';
import { simulatedMachines } from './tables';

/**
 * One contract every machine driver keeps (docs/domain.md, drivers), run against `simulated` (its
 * machines in a real database) and `proxmox` against a local fake of the Proxmox VE API. The jobs
 * rely on exactly these promises: provision is idempotent by uuid, every call may be repeated,
 * states settle, and failures are InstanceDriverErrors that never carry a secret.
 */
interface Subject {
  driver: InstanceDriver;
  /** Machines the driver made for this instance uuid (one after any number of provisions). */
  machinesFor(uuid: string): Promise<number>;
}

const request = (uuid: string): ProvisionRequest => ({
  instanceUuid: uuid,
  name: 'سرور آزمون قرارداد',
  image: 'win2022-blender-42',
  cpuCores: 16,
  ramGb: 64,
  diskGb: 512,
  gpuCount: 1,
  username: 'render',
  password: 'Rr3#initial-pass',
});

async function eventually(driver: InstanceDriver, ref: string, target: DriverStatus): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await driver.status(ref)) !== target) {
    if (Date.now() > deadline) throw new Error(`${ref} never became ${target}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function describeDriverContract(name: string, make: () => Promise<Subject>, teardown: () => Promise<void>) {
  describe(`driver contract: ${name}`, () => {
    let subject: Subject;
    beforeAll(async () => {
      subject = await make();
    });
    afterAll(teardown);

    it('provisions a stopped machine, once per instance however often it is asked', async () => {
      const uuid = randomUUID();
      const { ref } = await subject.driver.provision(request(uuid));
      await eventually(subject.driver, ref, 'stopped');
      expect((await subject.driver.provision(request(uuid))).ref).toBe(ref);
      expect(await subject.machinesFor(uuid)).toBe(1);
      const other = await subject.driver.provision(request(randomUUID()));
      expect(other.ref).not.toBe(ref);
    });

    it('starts, stops gracefully and by force; repeating an action is harmless', async () => {
      const { ref } = await subject.driver.provision(request(randomUUID()));
      await eventually(subject.driver, ref, 'stopped');
      await subject.driver.start(ref);
      await eventually(subject.driver, ref, 'running');
      await subject.driver.start(ref);
      expect(await subject.driver.status(ref)).toBe('running');
      await subject.driver.stop(ref, { force: false });
      await eventually(subject.driver, ref, 'stopped');
      await subject.driver.stop(ref, { force: false });
      await subject.driver.start(ref);
      await eventually(subject.driver, ref, 'running');
      await subject.driver.stop(ref, { force: true });
      await eventually(subject.driver, ref, 'stopped');
    });

    it('sets the password in a running guest, reports load, and refuses a password while stopped', async () => {
      const { ref } = await subject.driver.provision(request(randomUUID()));
      await eventually(subject.driver, ref, 'stopped');
      await expect(subject.driver.setPassword(ref, 'render', 'Nn4%second-pass')).rejects.toBeInstanceOf(
        InstanceDriverError,
      );
      expect((await subject.driver.load(ref)).percent).toBe(0);
      await subject.driver.start(ref);
      await eventually(subject.driver, ref, 'running');
      await subject.driver.setPassword(ref, 'render', 'Nn4%second-pass');
      const { percent } = await subject.driver.load(ref);
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThanOrEqual(100);
    });

    it('destroys a machine, running or not, and a second destroy is fine', async () => {
      const uuid = randomUUID();
      const { ref } = await subject.driver.provision(request(uuid));
      await eventually(subject.driver, ref, 'stopped');
      await subject.driver.start(ref);
      await eventually(subject.driver, ref, 'running');
      await subject.driver.destroy(ref);
      await subject.driver.destroy(ref);
      expect(await subject.machinesFor(uuid)).toBe(0);
    });

    it('answers a probe with what it is', async () => {
      expect((await subject.driver.probe()).version).toMatch(/\w/);
    });
  });
}

// ---- simulated, on a real database ----------------------------------------------------------------

let database: TestDatabase;
describeDriverContract(
  'simulated',
  async () => {
    database = await createTestDatabase();
    const sim = createSimulatedDriver({ db: database.db, latencyMs: 30 });
    return {
      driver: sim.forHost({ id: 1, address: '10.10.1.11' }),
      machinesFor: async (uuid) =>
        (await database.db.select().from(simulatedMachines)).filter((m) => m.instanceUuid === uuid).length,
    };
  },
  () => database.destroy(),
);

// ---- proxmox, against the fake API ----------------------------------------------------------------

let fake: FakeProxmox;
const settings = () => ({
  url: fake.url,
  token_id: fake.tokenId,
  token_secret: fake.tokenSecret,
  node: fake.node,
});
describeDriverContract(
  'proxmox',
  async () => {
    fake = await startFakeProxmox({ taskMs: 30 });
    return {
      driver: createProxmoxDriver(settings(), { pollMs: 10 }),
      machinesFor: async (uuid) => fake.vmsFor(uuid).length,
    };
  },
  () => fake.close(),
);

describe('driver contract: proxmox failures', () => {
  let fakeHost: FakeProxmox;
  beforeAll(async () => {
    fakeHost = await startFakeProxmox({ taskMs: 20 });
  });
  afterAll(() => fakeHost.close());
  const config = (overrides = {}) => ({
    url: fakeHost.url,
    token_id: fakeHost.tokenId,
    token_secret: fakeHost.tokenSecret,
    node: fakeHost.node,
    ...overrides,
  });

  it('names a refused token without echoing the secret', async () => {
    const secret = 'this-secret-must-not-leak-0000';
    const error = await createProxmoxDriver(config({ token_secret: secret }))
      .probe()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstanceDriverError);
    expect((error as Error).message).toMatch(/token was refused/);
    expect(JSON.stringify(error) + (error as Error).message + String((error as Error).cause)).not.toContain(
      secret,
    );
  });

  it('says an unreachable host is unreachable', async () => {
    const error = await createProxmoxDriver(config({ url: 'http://127.0.0.1:9' }))
      .probe()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InstanceDriverError);
    expect((error as Error).message).toMatch(/unreachable|timed out/);
    expect((error as Error).message).not.toContain(fakeHost.tokenSecret);
  });

  it('surfaces a 500 and a failed clone task as driver errors; a retry then succeeds once', async () => {
    const driver = createProxmoxDriver(config(), { pollMs: 5 });
    const uuid = randomUUID();
    fakeHost.failNext(1);
    await expect(driver.provision(request(uuid))).rejects.toBeInstanceOf(InstanceDriverError);
    fakeHost.failNextTask('clone failed: storage full');
    await expect(driver.provision(request(uuid))).rejects.toThrow(/storage full/);
    // The failed clone left a VM named after the uuid; the retry adopts it rather than cloning twice.
    const { ref } = await driver.provision(request(uuid));
    expect(fakeHost.vmsFor(uuid)).toHaveLength(1);
    expect(fakeHost.vmsFor(uuid)[0]!.vmid).toBe(Number(ref));
  });

  it('waits for a VM a task still holds (a clone begun before a crash) instead of cloning again', async () => {
    fakeHost.taskMs = 150;
    const driver = createProxmoxDriver(config(), { pollMs: 10 });
    const uuid = randomUUID();
    // The first call is cut off as a crash would: the clone task is left running.
    const first = driver.provision(request(uuid));
    await new Promise((resolve) => setTimeout(resolve, 40));
    const second = await createProxmoxDriver(config(), { pollMs: 10 }).provision(request(uuid));
    await first;
    expect(fakeHost.vmsFor(uuid)).toHaveLength(1);
    expect(second.ref).toBe(String(fakeHost.vmsFor(uuid)[0]!.vmid));
    fakeHost.taskMs = 20;
  });
});
