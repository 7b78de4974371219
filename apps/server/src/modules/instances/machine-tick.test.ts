import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, TestBrowser } from '../auth/test-support';
import type { Job } from '../jobs/tables';
import { createWorker, type Worker } from '../jobs/worker';
import { readMail } from '../notifications/mail';
import { users } from '../users/tables';
import { createMachineTickHandler } from './machine-tick';
import { type Instance, instances, simulatedMachines } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;

/** Idle auto-stop and weekly schedules on a clock the test sets (docs/domain.md). */
describe(`machine tick: idle auto-stop and weekly schedules (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let worker: Worker;
  let customer: TestBrowser;
  let machine: Instance;
  let now = new Date('2026-11-28T05:00:00Z');
  const db = () => t.database.db;
  const reload = async () => (await db().select().from(instances).where(eq(instances.id, machine.id)))[0]!;
  const events = async (event: string) =>
    db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.event, event), eq(activityLog.subjectId, String(machine.id))));
  let tick: () => Promise<void>;

  beforeAll(async () => {
    t = await createAuthTestApp({ INSTANCE_SIMULATED_LATENCY_MS: '0' });
    worker = createWorker({ db: db(), handlers: t.app.jobHandlers });
    const [owner] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    await db().update(users).set({ balance: 50_000_000 }).where(eq(users.id, owner!.id));
    const { instance } = await t.app.services.instances.make(owner!, {
      hardware: 'rtx-3090',
      location: 'thr1',
      image: 1,
      name: 'سرور برنامه‌دار',
      idempotencyKey: 'tick-test-key-0001',
    });
    machine = instance;
    await worker.drain();
    const handler = createMachineTickHandler({
      db: db(),
      instances: t.app.services.instances,
      drivers: t.app.services.instances.drivers,
      mailer: t.app.services.mailer,
      appUrl: 'http://farm.test',
      clock: () => now,
    });
    tick = () => handler({ id: 0 } as Job, { db: db(), finish: async () => {} });
    customer = new TestBrowser(t, { ip: '10.70.0.1' });
    await customer.request('GET', '/login');
    await customer.request('POST', '/__testing/sign-in', { email: 'customer@renderfarm.test' });
  });
  afterAll(() => t.close());

  it('stops a machine idle for its minutes, not before; load resets the count; the owner is told', async () => {
    expect(await reload()).toMatchObject({ status: 'ready', power: 'running' });
    await db()
      .update(instances)
      .set({ idleStopMinutes: 30, runningSince: now })
      .where(eq(instances.id, machine.id));
    await tick();
    expect((await reload()).lastActiveAt?.toISOString()).toBe(now.toISOString());

    await db()
      .update(simulatedMachines)
      .set({ loadPercent: 3 })
      .where(eq(simulatedMachines.instanceUuid, machine.uuid));
    now = new Date(now.getTime() + 29 * 60_000);
    await tick();
    expect((await reload()).power).toBe('running');
    now = new Date(now.getTime() + 60_000);
    await tick();
    expect((await reload()).power).toBe('stopping');
    expect(await events('instance:idle.stopped')).toHaveLength(1);
    await worker.drain();
    expect((await reload()).power).toBe('stopped');
    const mail = await readMail(t.storageDir, 'customer@renderfarm.test');
    expect(mail.some((m) => m.subject.includes('به‌خاطر بیکاری خاموش شد'))).toBe(true);
  });

  it('saves a week of times (Persian digits welcome) and refuses a stop equal to its start', async () => {
    const edit = `/panel/instances/${machine.uuid}/edit`;
    await customer.request(
      'PUT',
      `/panel/instances/${machine.uuid}/schedule`,
      { days: [{ weekday: 0, start: '09:00', stop: '09:00' }] },
      { referer: edit },
    );
    expect((await customer.errorsOn(edit))['days.0.stop']).toBe('ساعت خاموش شدن با ساعت روشن شدن یکی است.');
    await customer.request(
      'PUT',
      `/panel/instances/${machine.uuid}/schedule`,
      { days: [{ weekday: 9, start: '25:00', stop: '1' }] },
      { referer: edit },
    );
    const errors = await customer.errorsOn(edit);
    expect(errors['days.0.weekday']).toMatch(PERSIAN);
    expect(errors['days.0.start']).toMatch(PERSIAN);
    expect(await t.app.services.instances.scheduleOf(machine.id)).toEqual([]);

    await customer.request(
      'PUT',
      `/panel/instances/${machine.uuid}/schedule`,
      {
        days: [
          { weekday: 0, start: '۰۹:۰۰', stop: '18:00' },
          { weekday: 1, start: '22:00', stop: '06:00' },
        ],
      },
      { referer: edit },
    );
    const page = await customer.page(edit);
    expect(page.props.schedule).toEqual([
      { weekday: 0, start: '09:00', stop: '18:00' },
      { weekday: 1, start: '22:00', stop: '06:00' },
    ]);
  });

  it('starts and stops at the Tehran minute of the Persian weekday, overnight too', async () => {
    await db().update(instances).set({ idleStopMinutes: null }).where(eq(instances.id, machine.id));
    now = new Date('2026-11-28T05:29:00Z'); // شنبه 08:59 Tehran
    await tick();
    expect((await reload()).power).toBe('stopped');
    now = new Date('2026-11-28T05:30:00Z'); // شنبه 09:00
    await tick();
    expect((await reload()).power).toBe('starting');
    await worker.drain();
    now = new Date('2026-11-28T14:30:00Z'); // شنبه 18:00
    await tick();
    expect((await reload()).power).toBe('stopping');
    await worker.drain();

    now = new Date('2026-11-29T18:30:00Z'); // یکشنبه 22:00
    await tick();
    await worker.drain();
    expect((await reload()).power).toBe('running');
    now = new Date('2026-11-30T02:30:00Z'); // دوشنبه 06:00: the overnight stop
    await tick();
    expect((await reload()).power).toBe('stopping');
    await worker.drain();
    expect(await events('instance:schedule.started')).toHaveLength(2);
    expect(await events('instance:schedule.stopped')).toHaveLength(2);
  });

  it('records a start the rules refuse once, tells the owner, and leaves the machine stopped', async () => {
    await db().update(users).set({ balance: 0 }).where(eq(users.id, machine.userId));
    now = new Date('2026-12-05T05:30:00Z'); // the next شنبه 09:00
    await tick();
    expect((await reload()).power).toBe('stopped');
    const skipped = await events('instance:schedule.skipped');
    expect(skipped).toHaveLength(1);
    expect(String(skipped[0]!.properties.reason)).toMatch(/موجودی/);
    const mail = await readMail(t.storageDir, 'customer@renderfarm.test');
    expect(mail.some((m) => m.subject.includes('برنامهٔ هفتگی'))).toBe(true);
  });
});
