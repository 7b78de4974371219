import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import type { BroadcastEvent, Broadcaster } from '../../platform/broadcasting/broadcaster';
import { enqueue } from '../../platform/jobs/queue';
import { JobRegistry } from '../../platform/jobs/registry';
import { jobs } from '../../platform/jobs/tables';
import { createWorker, type Worker } from '../../platform/jobs/worker';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { activityLog } from '../activity/tables';
import { resources } from '../catalog/tables';
import { users } from '../users/tables';
import { createDriverResolver } from './drivers';
import { createPowerJobHandler } from './power-job';
import { POWER_JOB } from './power-job-payload';
import { createInstanceService, type InstanceService } from './service';
import { createSimulatedDriver, type SimulatedDriver } from './simulated-driver';
import { type Instance, instances } from './tables';

/**
 * The `instance.power` job against the simulated driver, on a clock the test moves: the handler's
 * sleeps advance it, so latency, timeouts and backoff are exact and nothing waits for real.
 */
describe(`instance.power job (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let now: number;
  const clock = () => new Date(now);
  const published: BroadcastEvent[] = [];
  const broadcaster: Broadcaster = {
    publish: async (event) => {
      published.push(event);
    },
  };
  let simulated: SimulatedDriver;
  let service: InstanceService;
  let worker: Worker;
  let customerId: number;
  let running: Instance;
  let stopped: Instance;

  const reload = async (id: number) =>
    (await database.db.select().from(instances).where(eq(instances.id, id)))[0]!;
  const powerJob = async (instanceId: number) =>
    (
      await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `instance:${instanceId}:power`))
    ).at(-1)!;
  /** Runs every due job; a retry's backoff is skipped by moving the clock past it. */
  const runJobs = async () => {
    let total = 0;
    for (let round = 0; round < 10; round++) {
      total += await worker.drain();
      const waiting = await database.db.select().from(jobs).where(eq(jobs.state, 'queued'));
      if (waiting.length === 0) return total;
      now = Math.max(now, ...waiting.map((j) => j.runAt.getTime()));
    }
    throw new Error('jobs still queued after 10 rounds');
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    const [customer] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    customerId = customer!.id;
    [running, stopped] = (await database.db
      .select()
      .from(instances)
      .where(eq(instances.userId, customerId))
      .orderBy(instances.id)) as [Instance, Instance];
  });
  afterAll(() => database.destroy());

  beforeEach(async () => {
    now = Date.parse('2030-05-01T08:00:00Z');
    published.length = 0;
    simulated = createSimulatedDriver({ now: () => now });
    // The driver's view matches the seed: the running demo machine is running.
    await simulated.forHost({ address: '10.10.1.11' }).start(running.driverRef!);
    simulated.setLatency({ start: 3000, stop: 2000 });
    const handlers = new JobRegistry().register(
      POWER_JOB,
      createPowerJobHandler({
        db: database.db,
        broadcaster,
        drivers: createDriverResolver({ simulated }),
        clock,
        sleep: async (ms) => {
          now += ms;
        },
        pollMs: 500,
        timeoutMs: 10_000,
      }),
    );
    worker = createWorker({ db: database.db, handlers, clock, backoffMs: (n) => n * 1000 });
    service = createInstanceService({
      db: database.db,
      broadcaster,
      clock,
      drivers: createDriverResolver({ simulated }),
      appKey: `base64:${Buffer.alloc(32, 7).toString('base64')}`,
    });
    // Each test starts from the seeded states: one running, one stopped.
    await database.db.delete(jobs);
    await database.db
      .update(instances)
      .set({
        power: 'running',
        failureReason: null,
        runningSince: new Date(now - 3_600_000),
        status: 'ready',
      })
      .where(eq(instances.id, running.id));
    await database.db
      .update(instances)
      .set({ power: 'stopped', failureReason: null, runningSince: null, status: 'ready' })
      .where(eq(instances.id, stopped.id));
    await database.db.update(resources).set({ driver: 'simulated' });
  });

  it('starts the machine and waits for it: running once the driver says so, running_since then', async () => {
    const requestedAt = now;
    await service.requestPower({ id: customerId }, stopped, 'start');
    expect(await runJobs()).toBe(1);
    const machine = await reload(stopped.id);
    expect(machine).toMatchObject({ power: 'running', failureReason: null });
    // The simulated start took its 3 s latency, polled every 500 ms.
    expect(machine.runningSince!.getTime() - requestedAt).toBe(3000);
    expect(await simulated.peek(stopped.driverRef!)).toBe('running');
    expect((await powerJob(stopped.id)).state).toBe('completed');
  });

  it('retries a failed driver call, leaving the machine starting until it succeeds', async () => {
    simulated.injectFailure('start', { ref: stopped.driverRef!, message: 'host busy' });
    await service.requestPower({ id: customerId }, stopped, 'start');
    expect(await worker.drain()).toBe(1);
    expect(await powerJob(stopped.id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'host busy',
    });
    expect((await reload(stopped.id)).power).toBe('starting');

    await runJobs();
    expect(await powerJob(stopped.id)).toMatchObject({ state: 'completed', attempts: 2 });
    expect((await reload(stopped.id)).power).toBe('running');
  });

  it('after the last try, settles on what the driver reports, with a Persian failure_reason', async () => {
    simulated.injectFailure('start', { ref: stopped.driverRef!, times: 3, message: 'host refused: no GPU' });
    await service.requestPower({ id: customerId }, stopped, 'start');
    expect(await runJobs()).toBe(3);
    const machine = await reload(stopped.id);
    expect(machine).toMatchObject({ power: 'stopped', runningSince: null });
    expect(machine.failureReason).toMatch(/^روشن کردن سرور انجام نشد: میزبان سرور خطا داد/);
    expect(await powerJob(stopped.id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'host refused: no GPU',
      lockedBy: null,
    });
    expect(published.at(-1)!.data).toEqual({
      uuid: stopped.uuid,
      status: 'ready',
      power: 'stopped',
      reason: machine.failureReason,
    });
    const [entry] = await database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'instance:power.failed'))
      .orderBy(activityLog.id);
    expect(entry!.properties).toMatchObject({ action: 'start', error: 'host refused: no GPU', attempts: 3 });
    // The machine is usable again: the customer may try once more, and it works.
    await service.requestPower({ id: customerId }, stopped, 'start');
    expect((await reload(stopped.id)).failureReason).toBeNull();
    await runJobs();
    expect((await reload(stopped.id)).power).toBe('running');
  });

  it('times out a machine that never gets there, falling back to where it was', async () => {
    simulated.setLatency({ stop: Number.POSITIVE_INFINITY });
    await service.requestPower({ id: customerId }, running, 'stop');
    await runJobs();
    const machine = await reload(running.id);
    // The driver still says `stopping`: the machine is taken to be running, as before the request.
    expect(machine.power).toBe('running');
    expect(machine.runningSince).toEqual(new Date(Date.parse('2030-05-01T08:00:00Z') - 3_600_000));
    expect(machine.failureReason).toMatch(/^خاموش کردن سرور انجام نشد: میزبان در مهلت مقرر پاسخ نداد/);
    expect((await powerJob(running.id)).lastError).toMatch(/within 10000 ms/);
  });

  it('powers off at once with force, and fails clearly on a proxmox host without its settings', async () => {
    simulated.setLatency({ stop: Number.POSITIVE_INFINITY });
    await service.requestPower({ id: customerId }, running, 'stop', { force: true });
    await runJobs();
    expect((await reload(running.id)).power).toBe('stopped');

    await database.db
      .update(resources)
      .set({ driver: 'proxmox' })
      .where(eq(resources.id, stopped.resourceId!));
    await service.requestPower({ id: customerId }, stopped, 'start');
    await runJobs();
    const machine = await reload(stopped.id);
    expect(machine.power).toBe('stopped');
    expect(machine.failureReason).toMatch(/میزبان سرور خطا داد/);
    expect((await powerJob(stopped.id)).lastError).toMatch(
      /the proxmox driver needs url, token_id, token_secret and node/,
    );
  });

  it('finishes a restart whose stop half was done before its worker died', async () => {
    await service.requestPower({ id: customerId }, running, 'restart');
    // As if the worker died after the stop: power already starting, the lease ran out.
    await database.db.update(instances).set({ power: 'starting' }).where(eq(instances.id, running.id));
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedBy: 'dead', lockedUntil: new Date(now - 1) })
      .where(eq(jobs.singletonKey, `instance:${running.id}:power`));
    await simulated.forHost({ address: 'x' }).stop(running.driverRef!, { force: true });
    await runJobs();
    expect((await reload(running.id)).power).toBe('running');
    expect(await powerJob(running.id)).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('settles the machine when its worker died during the last try: back to a state with actions, the owner told', async () => {
    await service.requestPower({ id: customerId }, stopped, 'start');
    // As if three workers each died mid-try: the last lease ran out with no try left.
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 3, lockedBy: 'dead', lockedUntil: new Date(now - 1) })
      .where(eq(jobs.singletonKey, `instance:${stopped.id}:power`));
    expect((await reload(stopped.id)).power).toBe('starting');
    await runJobs();
    const machine = await reload(stopped.id);
    // The driver never got the start: the machine is where it was, and may be started again.
    expect(machine).toMatchObject({ power: 'stopped', runningSince: null });
    expect(machine.failureReason).toMatch(/^روشن کردن سرور انجام نشد/);
    expect(await powerJob(stopped.id)).toMatchObject({ state: 'failed', attempts: 3, lockedBy: null });
    expect(published.at(-1)!.data).toMatchObject({
      uuid: stopped.uuid,
      power: 'stopped',
      reason: machine.failureReason,
    });
    await service.requestPower({ id: customerId }, stopped, 'start');
    await runJobs();
    expect((await reload(stopped.id)).power).toBe('running');
  });

  it('settles on what the driver reports when the last try died after the driver acted', async () => {
    await service.requestPower({ id: customerId }, running, 'stop');
    await simulated.forHost({ address: 'x' }).stop(running.driverRef!, { force: true });
    await database.db
      .update(jobs)
      .set({ state: 'running', attempts: 3, lockedBy: 'dead', lockedUntil: new Date(now - 1) })
      .where(eq(jobs.singletonKey, `instance:${running.id}:power`));
    await runJobs();
    expect(await reload(running.id)).toMatchObject({ power: 'stopped', runningSince: null });
  });

  it('completes as a no-op a job whose machine moved on (suspended meanwhile)', async () => {
    await service.requestPower({ id: customerId }, stopped, 'start');
    await database.db
      .update(instances)
      .set({ status: 'suspended', power: 'stopped' })
      .where(eq(instances.id, stopped.id));
    await runJobs();
    expect(await reload(stopped.id)).toMatchObject({ status: 'suspended', power: 'stopped' });
    expect(await simulated.peek(stopped.driverRef!)).toBe('stopped');
    expect((await powerJob(stopped.id)).state).toBe('completed');
  });

  it('fails a malformed job at once instead of retrying it', async () => {
    const { job } = await enqueue(
      database.db,
      POWER_JOB,
      { instanceId: 'x', action: 'explode' },
      { runAt: clock() },
    );
    expect(await worker.drain()).toBe(1);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/invalid payload/);
  });
});
