import { and, asc, desc, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import type { BroadcastEvent, Broadcaster } from '../../platform/broadcasting/broadcaster';
import { JobRegistry } from '../../platform/jobs/registry';
import { jobs } from '../../platform/jobs/tables';
import { createWorker, type Worker } from '../../platform/jobs/worker';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { activityLog } from '../activity/tables';
import { createDriverResolver } from '../instances/drivers';
import { createPowerJobHandler } from '../instances/power-job';
import { POWER_JOB } from '../instances/power-job-payload';
import { createInstanceService, type InstanceService } from '../instances/service';
import { createSimulatedDriver } from '../instances/simulated-driver';
import { type Instance, instances } from '../instances/tables';
import { users } from '../users/tables';
import { usageSessions, walletTransactions } from './tables';
import { FORCE_STOP_AFTER_MS } from './usage-tick';
import { createUsageTickJobHandler, ensureUsageTick, USAGE_TICK_JOB } from './usage-tick-job';
import { postLedgerEntry } from './wallet';

const MINUTE = 60_000;

/**
 * The usage tick on a clock the test moves: every started minute of a running machine charged
 * once at its frozen rate, catch-up after downtime, the session ending when a stop is asked, and
 * the wallet's episodes (one low-balance notice, a stop at zero, forced after the grace period).
 */
describe(`billing.usage-tick (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let now: number;
  const clock = () => new Date(now);
  const published: BroadcastEvent[] = [];
  const broadcaster: Broadcaster = { publish: async (event) => void published.push(event) };
  let worker: Worker;
  let service: InstanceService;
  let customerId: number;
  let machine: Instance;
  let mark = 0;

  const db = () => database.db;
  const tick = async () => {
    await ensureUsageTick(db(), clock);
    await worker.drain();
  };
  const usage = async () =>
    db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.type, 'usage'), gt(walletTransactions.id, mark)))
      .orderBy(asc(walletTransactions.id));
  const balance = async () =>
    (await db().select({ balance: users.balance }).from(users).where(eq(users.id, customerId)))[0]!.balance;
  const post = (amount: number, key: string) =>
    postLedgerEntry(db(), {
      userId: customerId,
      type: 'adjustment',
      amount,
      description: 'تنظیم آزمایشی',
      idempotencyKey: `${key}:${now}`,
      allowNegative: true,
    });
  const notices = (title: RegExp) =>
    published.filter(
      (e) =>
        e.event.endsWith('BroadcastNotificationCreated') && title.test((e.data as { title: string }).title),
    );
  const reload = async () => (await db().select().from(instances).where(eq(instances.id, machine.id)))[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    const [customer] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = customer!.id;
    [machine] = (await db()
      .select()
      .from(instances)
      .where(and(eq(instances.userId, customerId), eq(instances.power, 'running')))) as [Instance];
  });
  afterAll(() => database.destroy());

  beforeEach(async () => {
    published.length = 0;
    await db().delete(jobs);
    // The clock only moves forward: minutes an earlier test charged stay charged.
    now = (Math.floor(Math.max(now ?? 0, Date.now()) / MINUTE) + 1) * MINUTE + 5_000;
    const simulated = createSimulatedDriver({ now: () => now });
    service = createInstanceService({
      db: db(),
      broadcaster,
      clock,
      drivers: createDriverResolver({ simulated }),
      appKey: `base64:${Buffer.alloc(32, 7).toString('base64')}`,
    });
    const handlers = new JobRegistry()
      .register(
        POWER_JOB,
        createPowerJobHandler({
          db: db(),
          broadcaster,
          drivers: createDriverResolver({ simulated }),
          clock,
          sleep: async () => {},
          pollMs: 500,
        }),
      )
      .register(
        USAGE_TICK_JOB,
        createUsageTickJobHandler({ db: db(), broadcaster, requestPower: service.requestPower, clock }),
      );
    worker = createWorker({ db: db(), handlers, clock });
    // Each test starts from a freshly started machine and a healthy wallet, charged up to now.
    if ((await reload()).power !== 'running') {
      await db()
        .update(instances)
        .set({ power: 'running', runningSince: clock(), powerChangedAt: clock(), failureReason: null })
        .where(eq(instances.id, machine.id));
    }
    await simulated.forHost({ address: '10.10.1.11' }).start(machine.driverRef!);
    const topUp = 100_000_000 - (await balance());
    if (topUp !== 0) await post(topUp, 'reset');
    await tick();
    mark = (await db().select().from(walletTransactions).orderBy(asc(walletTransactions.id))).at(-1)!.id;
    published.length = 0;
  });

  it('charges each started minute once at the frozen rate, an hour summing to the hourly price', async () => {
    const before = await balance();
    for (let i = 0; i < 60; i++) {
      now += MINUTE;
      await tick();
    }
    const lines = await usage();
    expect(lines).toHaveLength(60);
    expect(lines.reduce((sum, line) => sum - line.amount, 0)).toBe(machine.pricePerHour);
    expect(await balance()).toBe(before - machine.pricePerHour);
    expect(lines.every((line) => line.reference === machine.uuid)).toBe(true);
    expect(lines[0]!.idempotencyKey).toMatch(
      new RegExp(`^usage:${machine.id}:\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d$`),
    );

    // The same minute again (a retried tick, a second worker): nothing more.
    await tick();
    await tick();
    expect(await usage()).toHaveLength(60);
    // One BalanceChanged a tick, carrying the balance the wallet ended at.
    const changes = published.filter((e) => e.event === 'BalanceChanged');
    expect(changes).toHaveLength(60);
    expect(changes.at(-1)!.data).toEqual({ balance: await balance() });
  });

  it('catches up after the worker was away: each missed minute charged once, dated by its minute', async () => {
    now += 90 * MINUTE;
    await tick();
    const lines = await usage();
    expect(lines).toHaveLength(90);
    const minutes = lines.map((line) => line.createdAt.getTime());
    expect(new Set(lines.map((line) => line.idempotencyKey)).size).toBe(90);
    expect(minutes.every((at, i) => i === 0 || at - minutes[i - 1]! === MINUTE)).toBe(true);
    expect(minutes.at(-1)).toBe(Math.floor(now / MINUTE) * MINUTE);
  });

  it('stops charging when the stop is asked, and charges the minute it was asked in', async () => {
    now += 3 * MINUTE;
    await tick();
    now += 20_000;
    await service.requestPower({ id: customerId }, machine, 'stop');
    await worker.drain();
    expect((await reload()).power).toBe('stopped');
    now += 30 * MINUTE;
    await tick();
    expect(await usage()).toHaveLength(3);
    const [session] = await db()
      .select()
      .from(usageSessions)
      .where(eq(usageSessions.instanceId, machine.id))
      .orderBy(asc(usageSessions.id))
      .then((rows) => rows.slice(-1));
    expect(session!.settledAt).not.toBeNull();
  });

  it('warns once per low-balance episode, and again only after a top-up ended the first', async () => {
    // Below an hour of burn (the warning level is 60 minutes).
    await post(-(await balance()) + Math.floor(machine.pricePerHour / 2), 'low');
    now += MINUTE;
    await tick();
    now += MINUTE;
    await tick();
    expect(notices(/رو به پایان/)).toHaveLength(1);
    expect(await db().select().from(jobs).where(like(jobs.name, 'user.notice.mail'))).toHaveLength(1);

    await post(machine.pricePerHour * 5, 'topup');
    now += MINUTE;
    await tick();
    await post(-(await balance()) + Math.floor(machine.pricePerHour / 3), 'low-again');
    now += MINUTE;
    await tick();
    expect(notices(/رو به پایان/)).toHaveLength(2);
  });

  it('at zero stops the machines, forced after the grace period, going below zero by at most one tick', async () => {
    const perMinute = Math.ceil(machine.pricePerHour / 60);
    await post(-(await balance()) + perMinute, 'almost-empty');
    now += 2 * MINUTE;
    await tick();
    expect(await balance()).toBeLessThanOrEqual(0);
    expect(await balance()).toBeGreaterThanOrEqual(-2 * perMinute);
    expect(notices(/تمام شد/)).toHaveLength(1);
    expect((await reload()).power).toBe('stopped');
    const stoppedAt = await balance();
    now += 10 * MINUTE;
    await tick();
    expect(await balance()).toBe(stoppedAt);

    // A machine that came back (its stop failed) is forced off once the grace period has passed.
    await db()
      .update(instances)
      .set({ power: 'running', runningSince: clock(), powerChangedAt: clock() })
      .where(eq(instances.id, machine.id));
    now += FORCE_STOP_AFTER_MS;
    await ensureUsageTick(db(), clock);
    await worker.drain();
    const [forced] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.event, 'instance:power.stop'), eq(activityLog.subjectId, String(machine.id))))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(forced!.properties).toMatchObject({ force: true, via: 'billing' });
    expect((await reload()).power).toBe('stopped');
    expect(notices(/تمام شد/)).toHaveLength(1);
  });
});
