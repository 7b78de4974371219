import { and, eq, gt, like, max } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import type { BroadcastEvent, Broadcaster } from '../../platform/broadcasting/broadcaster';
import { JobRegistry } from '../../platform/jobs/registry';
import { jobs } from '../../platform/jobs/tables';
import { createWorker, type Worker } from '../../platform/jobs/worker';
import type { Mailer, MailMessage } from '../../platform/mail';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { activityLog } from '../activity/tables';
import { resources } from '../catalog/tables';
import { createNoticeMailJobHandler, NOTICE_MAIL_JOB } from '../notifications/user-notice';
import { users } from '../users/tables';
import { createDriverResolver } from './drivers';
import { createMachineTickJobHandler, ensureMachineTick, TICK_JOB, TICK_KEY } from './machine-tick-job';
import { createPowerJobHandler } from './power-job';
import { POWER_JOB } from './power-job-payload';
import { createInstanceService } from './service';
import { createSimulatedDriver, type SimulatedDriver } from './simulated-driver';
import { type Instance, instanceSchedules, instances } from './tables';

const MINUTE = 60_000;

/**
 * The machine tick on a clock the test moves: idle auto-stop counts minutes of low load from the
 * driver, the weekly schedule turns machines on and off at Tehran wall-clock minutes, and every
 * act goes through the customer's power request and the power job.
 */
describe(`instance.tick: idle auto-stop and weekly schedules (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let now: number;
  const clock = () => new Date(now);
  const published: BroadcastEvent[] = [];
  const broadcaster: Broadcaster = {
    publish: async (event) => {
      published.push(event);
    },
  };
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    transport: 'files',
    send: async (message) => {
      mails.push(message);
      return { id: String(mails.length) };
    },
    close() {},
  };
  let simulated: SimulatedDriver;
  let worker: Worker;
  let customerId: number;
  let running: Instance;
  let stopped: Instance;
  /** The activity log is append-only: each test reads only what came after this id. */
  let mark = 0;

  const db = () => database.db;
  const reload = async (id: number) => (await db().select().from(instances).where(eq(instances.id, id)))[0]!;
  const events = async (id: number, pattern = 'instance:%') =>
    db()
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.subjectType, 'instance'),
          eq(activityLog.subjectId, String(id)),
          like(activityLog.event, pattern),
          gt(activityLog.id, mark),
        ),
      )
      .orderBy(activityLog.id);
  const at = (iso: string) => {
    now = Date.parse(iso);
  };
  /** One tick at the current minute, and whatever it queued (power jobs, mails). */
  const tick = async () => {
    await ensureMachineTick(db(), clock);
    await worker.drain();
  };
  /** Ticks every minute from the next one up to and including `iso`. */
  const tickUntil = async (iso: string) => {
    const end = Date.parse(iso);
    while (now < end) {
      now = Math.min(end, Math.floor(now / MINUTE) * MINUTE + MINUTE);
      await tick();
    }
  };
  const schedule = (instanceId: number, days: { weekday: number; start: string; stop: string }[]) =>
    db()
      .insert(instanceSchedules)
      .values(days.map((d) => ({ instanceId, weekday: d.weekday, startTime: d.start, stopTime: d.stop })));

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    const [customer] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = customer!.id;
    [running, stopped] = (await db()
      .select()
      .from(instances)
      .where(and(eq(instances.userId, customerId), eq(instances.status, 'ready')))
      .orderBy(instances.id)) as [Instance, Instance];
  });
  afterAll(() => database.destroy());

  beforeEach(async () => {
    // Saturday 4 May 2030, 08:30 in Tehran.
    at('2030-05-04T05:00:00Z');
    published.length = 0;
    mails.length = 0;
    simulated = createSimulatedDriver({ now: () => now });
    const drivers = createDriverResolver({ simulated });
    const service = createInstanceService({
      db: db(),
      broadcaster,
      clock,
      drivers,
      appKey: `base64:${Buffer.alloc(32, 7).toString('base64')}`,
    });
    const handlers = new JobRegistry()
      .register(
        POWER_JOB,
        createPowerJobHandler({
          db: db(),
          broadcaster,
          drivers,
          clock,
          sleep: async () => {},
          pollMs: 500,
        }),
      )
      .register(
        TICK_JOB,
        createMachineTickJobHandler({
          db: db(),
          broadcaster,
          drivers,
          requestPower: service.requestPower,
          clock,
        }),
      )
      .register(
        NOTICE_MAIL_JOB,
        createNoticeMailJobHandler({ db: db(), mailer, appUrl: 'https://farm.test' }),
      );
    worker = createWorker({ db: db(), handlers, clock });

    await db().delete(jobs);
    await db().delete(instanceSchedules);
    mark =
      (
        await db()
          .select({ id: max(activityLog.id) })
          .from(activityLog)
      )[0]?.id ?? 0;
    await db()
      .update(users)
      .set({ balance: 50_000_000, kycStatus: 'approved' })
      .where(eq(users.id, customerId));
    await db().update(resources).set({ driver: 'simulated', driverConfig: null });
    await db()
      .update(instances)
      .set({
        status: 'ready',
        power: 'running',
        runningSince: new Date(now),
        lastActiveAt: null,
        idleStopMinutes: null,
        failureReason: null,
      })
      .where(eq(instances.id, running.id));
    await db()
      .update(instances)
      .set({
        status: 'ready',
        power: 'stopped',
        runningSince: null,
        idleStopMinutes: null,
        failureReason: null,
      })
      .where(eq(instances.id, stopped.id));
    // The driver's view matches: the running machine runs, and sits idle.
    await simulated.forHost({ address: '10.10.1.11' }).start(running.driverRef!);
    await simulated.setLoad(running.driverRef!, 0);
  });

  describe('idle auto-stop', () => {
    it('stops a machine idle for its owner’s limit, not a minute before, and tells the owner', async () => {
      await db().update(instances).set({ idleStopMinutes: 30 }).where(eq(instances.id, running.id));
      await tick();
      await tickUntil('2030-05-04T05:29:00Z');
      expect((await reload(running.id)).power).toBe('running');
      expect(await events(running.id)).toEqual([]);

      await tickUntil('2030-05-04T05:30:00Z');
      const machine = await reload(running.id);
      expect(machine.power).toBe('stopped');
      expect(machine.runningSince).toBeNull();
      const log = await events(running.id);
      expect(log.map((e) => e.event)).toEqual([
        'instance:power.stop',
        'instance:idle.stopped',
        'instance:power.stopped',
      ]);
      // The farm asked, not a person: no actor, `via: idle`, the same path as the owner's stop.
      expect(log[0]).toMatchObject({ actorId: null, properties: { via: 'idle', force: false } });
      expect(log[1]).toMatchObject({
        actorId: null,
        properties: { idle_minutes: 30, idle_stop_minutes: 30, load_percent: 0 },
      });
      // The bell (a live notification on the owner's channel) and a mail.
      const notice = published.find((e) => e.channels === `private-users.${customerId}`);
      expect(notice?.data).toMatchObject({
        title: `سرور «${running.name}» خاموش شد`,
        url: `/panel/instances/${running.uuid}`,
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: 'customer@renderfarm.test',
        subject: `سرور «${running.name}» خاموش شد`,
      });
      expect(mails[0]!.text).toContain('۳۰ دقیقه بیکار');
      expect(mails[0]!.text).toContain(`https://farm.test/panel/instances/${running.uuid}`);

      // Stopped, it is not stopped again.
      await tickUntil('2030-05-04T05:35:00Z');
      expect(await events(running.id, 'instance:idle%')).toHaveLength(1);
    });

    it('counts again from the last minute the load was at or above 10%', async () => {
      await db().update(instances).set({ idleStopMinutes: 30 }).where(eq(instances.id, running.id));
      await tickUntil('2030-05-04T05:10:00Z');
      await simulated.setLoad(running.driverRef!, 10);
      await tickUntil('2030-05-04T05:11:00Z');
      expect((await reload(running.id)).lastActiveAt?.toISOString()).toBe('2030-05-04T05:11:00.000Z');
      await simulated.setLoad(running.driverRef!, 9);
      await tickUntil('2030-05-04T05:40:00Z');
      expect((await reload(running.id)).power).toBe('running');
      await tickUntil('2030-05-04T05:41:00Z');
      expect((await reload(running.id)).power).toBe('stopped');
    });

    it('leaves machines alone whose owner set no limit, and busy ones', async () => {
      at('2030-05-04T09:00:00Z');
      await tick();
      expect((await reload(running.id)).power).toBe('running');
      await db().update(instances).set({ idleStopMinutes: 10 }).where(eq(instances.id, running.id));
      await simulated.setLoad(running.driverRef!, 80);
      await tickUntil('2030-05-04T09:30:00Z');
      expect((await reload(running.id)).power).toBe('running');
      expect(mails).toEqual([]);
    });
  });

  describe('weekly schedule', () => {
    it('starts at شنبه 09:00 Tehran (05:30 UTC) and stops at 18:00 (14:30 UTC), on that weekday only', async () => {
      await schedule(stopped.id, [{ weekday: 0, start: '09:00', stop: '18:00' }]);
      // A schedule for یکشنبه does not start the other machine on شنبه.
      await db()
        .update(instances)
        .set({ power: 'stopped', runningSince: null })
        .where(eq(instances.id, running.id));
      await schedule(running.id, [{ weekday: 1, start: '09:00', stop: '18:00' }]);
      at('2030-05-04T05:28:00Z');
      await tick();
      await tickUntil('2030-05-04T05:29:00Z');
      expect((await reload(stopped.id)).power).toBe('stopped');

      await tickUntil('2030-05-04T05:30:00Z');
      expect((await reload(stopped.id)).power).toBe('running');
      expect((await reload(running.id)).power).toBe('stopped');
      const [request] = await events(stopped.id, 'instance:power.start');
      expect(request).toMatchObject({ actorId: null, properties: { via: 'schedule' } });

      at('2030-05-04T14:29:00Z');
      await tick();
      expect((await reload(stopped.id)).power).toBe('running');
      await tickUntil('2030-05-04T14:30:00Z');
      expect((await reload(stopped.id)).power).toBe('stopped');
      expect((await events(stopped.id, 'instance:power.stop'))[0]).toMatchObject({
        actorId: null,
        properties: { via: 'schedule' },
      });
    });

    it('runs overnight: چهارشنبه 20:00 to پنجشنبه 08:00, and makes up a start missed while the worker was down', async () => {
      await schedule(stopped.id, [{ weekday: 4, start: '20:00', stop: '08:00' }]);
      // Wednesday 8 May 2030: 20:00 Tehran is 16:30 UTC. The worker was away until 16:45.
      at('2030-05-08T16:20:00Z');
      await tick();
      at('2030-05-08T16:45:00Z');
      await tick();
      expect((await reload(stopped.id)).power).toBe('running');
      // Past midnight it keeps running, until 08:00 Thursday (04:30 UTC).
      at('2030-05-08T21:00:00Z');
      await tick();
      at('2030-05-09T04:29:00Z');
      await tick();
      expect((await reload(stopped.id)).power).toBe('running');
      await tickUntil('2030-05-09T04:30:00Z');
      expect((await reload(stopped.id)).power).toBe('stopped');
    });

    it('leaves a machine the owner already started alone, and does not fight a manual stop', async () => {
      await schedule(running.id, [{ weekday: 0, start: '09:00', stop: '18:00' }]);
      at('2030-05-04T05:29:00Z');
      await tick();
      await tickUntil('2030-05-04T05:31:00Z');
      expect(await events(running.id, 'instance:power%')).toEqual([]);
      // Stopped by hand at 10:00, it stays stopped until the next day's start.
      await db()
        .update(instances)
        .set({ power: 'stopped', runningSince: null })
        .where(eq(instances.id, running.id));
      await tickUntil('2030-05-04T05:40:00Z');
      expect((await reload(running.id)).power).toBe('stopped');
    });

    it('records a start the rules refuse once, tells the owner, and does not try again every minute', async () => {
      await db().update(users).set({ balance: 0 }).where(eq(users.id, customerId));
      await schedule(stopped.id, [{ weekday: 0, start: '09:00', stop: '18:00' }]);
      at('2030-05-04T05:29:00Z');
      await tick();
      await tickUntil('2030-05-04T05:35:00Z');
      expect((await reload(stopped.id)).power).toBe('stopped');
      const skipped = await events(stopped.id, 'instance:schedule.skipped');
      expect(skipped).toHaveLength(1);
      expect(skipped[0]).toMatchObject({
        actorId: null,
        properties: {
          action: 'start',
          at: '2030-05-04T05:30:00.000Z',
          weekday: 0,
          time: '09:00',
          code: 'RF_INSTANCE_BALANCE_TOO_LOW',
        },
      });
      expect(skipped[0]!.properties.reason).toMatch(/موجودی کیف پول/);
      expect(await events(stopped.id, 'instance:power%')).toEqual([]);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`برنامهٔ هفتگی: سرور «${stopped.name}» روشن نشد`);
      expect(mails[0]!.text).toContain('شنبه ساعت ۰۹:۰۰');

      // The same minute run again (a retried tick) finds the entry and adds none.
      await db().delete(jobs).where(eq(jobs.name, TICK_JOB));
      at('2030-05-04T05:30:30Z');
      await db()
        .insert(jobs)
        .values({
          name: TICK_JOB,
          payload: { from: '2030-05-04T05:30:00.000Z' },
          singletonKey: TICK_KEY,
          runAt: clock(),
        });
      await worker.drain();
      expect(await events(stopped.id, 'instance:schedule.skipped')).toHaveLength(1);
    });
  });

  describe('the tick itself', () => {
    it('is queued once however many workers start, and queues its next run for the next minute', async () => {
      at('2030-05-04T05:00:20Z');
      await ensureMachineTick(db(), clock);
      await ensureMachineTick(db(), clock);
      const queued = () => db().select().from(jobs).where(eq(jobs.name, TICK_JOB));
      expect((await queued()).filter((j) => j.state === 'queued')).toHaveLength(1);
      await worker.drain();
      const after = await queued();
      expect(after.filter((j) => j.state === 'completed')).toHaveLength(1);
      const next = after.filter((j) => j.state === 'queued');
      expect(next).toHaveLength(1);
      expect(next[0]).toMatchObject({
        singletonKey: TICK_KEY,
        runAt: new Date('2030-05-04T05:01:00Z'),
        payload: { from: '2030-05-04T05:01:00.000Z' },
      });
      // Not due yet: a second drain in the same minute runs nothing.
      expect(await worker.drain()).toBe(0);
    });

    it('repairs a machine left starting with no power job behind it, once past a try’s timeout', async () => {
      await db()
        .update(instances)
        .set({ power: 'starting', powerChangedAt: new Date(now - 60_000) })
        .where(eq(instances.id, stopped.id));
      await tick();
      expect((await reload(stopped.id)).power).toBe('starting');
      await tickUntil(new Date(now + 2 * MINUTE).toISOString());
      const machine = await reload(stopped.id);
      expect(machine.power).toBe('stopped');
      expect(machine.failureReason).toMatch(/ناتمام ماند/);
      expect(await events(stopped.id, 'instance:power.repaired')).toHaveLength(1);
    });
  });
});
