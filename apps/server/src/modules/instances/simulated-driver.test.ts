import { describe, expect, it } from 'vitest';
import { InstanceDriverError } from './errors';
import { createSimulatedDriver } from './simulated-driver';

const host = { address: '10.10.1.11' };
const request = {
  instanceUuid: '0b7e6f0e-1111-4222-8333-444455556666',
  name: 'ویلا',
  image: 'win2022-3dsmax-2025',
  cpuCores: 16,
  ramGb: 128,
  diskGb: 1024,
  gpuCount: 1,
  username: 'render',
  password: 'x',
};

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('simulated instance driver', () => {
  it('provisions a stopped machine after its latency, on the host', async () => {
    const time = clock();
    const sim = createSimulatedDriver({ now: time.now, latencyMs: { provision: 500 } });
    const driver = sim.forHost(host);
    const { ref } = await driver.provision(request);
    expect(ref).toMatch(/^sim-0b7e6f0e-[0-9a-f]+$/);
    expect(await driver.status(ref)).toBe('provisioning');
    await expect(driver.start(ref)).rejects.toBeInstanceOf(InstanceDriverError);
    time.advance(500);
    expect(await driver.status(ref)).toBe('stopped');
    expect(await driver.connection(ref)).toEqual({ address: '10.10.1.11', port: 3389 });
    // A repeated provision (a resumed job) finds the machine; another instance gets its own.
    expect((await driver.provision(request)).ref).toBe(ref);
    const other = { ...request, instanceUuid: '1c8e6f0e-0000-4000-8000-000000000002' };
    expect((await driver.provision(other)).ref).not.toBe(ref);
  });

  it('starts and stops through the in-between states, deterministically', async () => {
    const time = clock();
    const sim = createSimulatedDriver({ now: time.now, latencyMs: { start: 3000, stop: 2000 } });
    const driver = sim.forHost(host);
    await driver.start('vm-1');
    expect(await driver.status('vm-1')).toBe('starting');
    time.advance(2999);
    expect(await driver.status('vm-1')).toBe('starting');
    time.advance(1);
    expect(await driver.status('vm-1')).toBe('running');
    // Repeating an action is harmless (a retried job).
    await driver.start('vm-1');
    expect(await driver.status('vm-1')).toBe('running');

    await driver.stop('vm-1', { force: false });
    expect(await driver.status('vm-1')).toBe('stopping');
    time.advance(2000);
    expect(await driver.status('vm-1')).toBe('stopped');
    await driver.stop('vm-1', { force: false });
    expect(await driver.status('vm-1')).toBe('stopped');
  });

  it('powers off at once with force', async () => {
    const sim = createSimulatedDriver({ latencyMs: 10_000 });
    const driver = sim.forHost(host);
    await driver.start('vm-2');
    await driver.stop('vm-2', { force: true });
    expect(await driver.status('vm-2')).toBe('stopped');
  });

  it('treats a machine it has never seen as stopped, so old machines survive a restart', async () => {
    const driver = createSimulatedDriver().forHost(host);
    expect(await driver.status('from-before-restart')).toBe('stopped');
    await driver.stop('from-before-restart', { force: false });
    expect(await driver.status('from-before-restart')).toBe('stopped');
    await driver.start('from-before-restart');
    expect(await driver.status('from-before-restart')).toBe('running');
    expect(await driver.connection('from-before-restart')).toEqual({ address: '10.10.1.11', port: 3389 });
    await driver.destroy('from-before-restart');
    expect(await driver.status('from-before-restart')).toBe('stopped');
  });

  it('stops a machine it has never seen at its own pace: the farm says it runs', async () => {
    const time = clock();
    const driver = createSimulatedDriver({ now: time.now, latencyMs: { stop: 300 } }).forHost(host);
    await driver.stop('running-before-restart', { force: false });
    expect(await driver.status('running-before-restart')).toBe('stopping');
    time.advance(300);
    expect(await driver.status('running-before-restart')).toBe('stopped');
  });

  it('fails on demand: per operation, per machine, a number of times', async () => {
    const sim = createSimulatedDriver();
    const driver = sim.forHost(host);
    sim.injectFailure('start', { ref: 'vm-3', times: 2, message: 'host refused' });
    await expect(driver.start('vm-4')).resolves.toBeUndefined();
    await expect(driver.start('vm-3')).rejects.toThrow('host refused');
    await expect(driver.start('vm-3')).rejects.toMatchObject({ code: 'RF_INSTANCE_DRIVER_FAILED' });
    await expect(driver.start('vm-3')).resolves.toBeUndefined();
    sim.injectFailure('status');
    await expect(driver.status('vm-3')).rejects.toBeInstanceOf(InstanceDriverError);
    expect(await driver.status('vm-3')).toBe('running');
  });

  it('never finishes a transition with infinite latency (for timeout tests)', async () => {
    const time = clock();
    const sim = createSimulatedDriver({ now: time.now, latencyMs: { start: Number.POSITIVE_INFINITY } });
    const driver = sim.forHost(host);
    await driver.start('vm-5');
    time.advance(10 ** 12);
    expect(await driver.status('vm-5')).toBe('starting');
    expect(await sim.peek('vm-5')).toBe('starting');
  });
});
