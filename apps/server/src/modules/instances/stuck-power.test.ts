import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import type { BroadcastEvent, Broadcaster } from '../../platform/broadcasting/broadcaster';
import { enqueue } from '../../platform/jobs/queue';
import { jobs } from '../../platform/jobs/tables';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { activityLog } from '../activity/tables';
import { users } from '../users/tables';
import { createDriverResolver } from './drivers';
import { POWER_JOB } from './power-job-payload';
import { createSimulatedDriver, type SimulatedDriver } from './simulated-driver';
import { allowedPowerActions } from './state-machine';
import { repairStuckPower } from './stuck-power';
import { type Instance, instances } from './tables';

describe(`machines stuck in a power change (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let simulated: SimulatedDriver;
  let a: Instance;
  let b: Instance;
  const published: BroadcastEvent[] = [];
  const broadcaster: Broadcaster = {
    publish: async (event) => {
      published.push(event);
    },
  };
  const now = new Date('2030-05-01T08:00:00Z');
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const repair = () =>
    repairStuckPower({ db: database.db, broadcaster, drivers: createDriverResolver({ simulated }) }, now);
  const reload = async (id: number) =>
    (await database.db.select().from(instances).where(eq(instances.id, id)))[0]!;
  const put = (row: Instance, power: Instance['power'], changed: Date) =>
    database.db
      .update(instances)
      .set({ status: 'ready', power, powerChangedAt: changed, failureReason: null, runningSince: null })
      .where(eq(instances.id, row.id));

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    const [customer] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    [a, b] = (await database.db
      .select()
      .from(instances)
      .where(eq(instances.userId, customer!.id))
      .orderBy(instances.id)) as [Instance, Instance];
  });
  afterAll(() => database.destroy());
  beforeEach(async () => {
    published.length = 0;
    await database.db.delete(jobs);
    simulated = createSimulatedDriver({ now: () => now.getTime() });
  });

  it('settles a machine left starting with no job, where it was before, and tells the owner', async () => {
    await put(a, 'starting', minutesAgo(30));
    expect(allowedPowerActions('ready', 'starting')).toEqual([]);
    expect(await repair()).toBe(1);
    const machine = await reload(a.id);
    expect(machine).toMatchObject({ power: 'stopped', runningSince: null });
    expect(allowedPowerActions(machine.status, machine.power)).toEqual(['start']);
    expect(machine.failureReason).toMatch(/^روشن شدن سرور ناتمام ماند/);
    expect(published.at(-1)!.data).toMatchObject({
      uuid: a.uuid,
      power: 'stopped',
      reason: machine.failureReason,
    });
    const [entry] = await database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'instance:power.repaired'));
    expect(entry!.properties).toMatchObject({ from: 'starting', power: 'stopped' });
    // Once settled, it is no longer stuck.
    expect(await repair()).toBe(0);
  });

  it('believes the host when it says the change happened after all', async () => {
    await simulated.forHost({ address: 'x' }).start(b.driverRef!);
    await put(b, 'starting', minutesAgo(30));
    expect(await repair()).toBe(1);
    expect(await reload(b.id)).toMatchObject({ power: 'running', failureReason: null, runningSince: now });

    await put(b, 'stopping', minutesAgo(30));
    expect(await repair()).toBe(1);
    // The host says running: the stop never happened, and the owner is told.
    expect(await reload(b.id)).toMatchObject({ power: 'running' });
    expect((await reload(b.id)).failureReason).toMatch(/^خاموش شدن سرور ناتمام ماند/);
  });

  it('leaves alone a change still under way: a job behind it, or asked only just now', async () => {
    await put(a, 'starting', minutesAgo(30));
    await enqueue(
      database.db,
      POWER_JOB,
      { instanceId: a.id, action: 'start' },
      { singletonKey: `instance:${a.id}:power` },
    );
    await put(b, 'stopping', minutesAgo(1));
    expect(await repair()).toBe(0);
    expect((await reload(a.id)).power).toBe('starting');
    expect((await reload(b.id)).power).toBe('stopping');
  });
});
