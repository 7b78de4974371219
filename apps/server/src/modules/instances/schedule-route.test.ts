import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { type Instance, instanceSchedules, instances } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;

/** `panel.instances.schedule` (machine-routes.ts) and the schedule on `panel.instances.edit` (docs/screens.md §4). */
describe(`panel: a machine's weekly schedule (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let stranger: TestBrowser;
  let machine: Instance;
  let failed: Instance;

  const db = () => t.database.db;
  const url = () => `/panel/instances/${machine.uuid}/schedule`;
  const edit = () => `/panel/instances/${machine.uuid}/edit`;
  const rows = async (id = machine.id) =>
    (
      await db()
        .select()
        .from(instanceSchedules)
        .where(eq(instanceSchedules.instanceId, id))
        .orderBy(asc(instanceSchedules.weekday))
    ).map((r) => ({ weekday: r.weekday, start: r.startTime, stop: r.stopTime }));
  const save = (browser: TestBrowser, days: unknown, target = url()) =>
    browser.request('PUT', target, { days }, { referer: edit() });

  beforeAll(async () => {
    t = await createAuthTestApp();
    const [owner] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    const mine = await db()
      .select()
      .from(instances)
      .where(eq(instances.userId, owner!.id))
      .orderBy(instances.id);
    machine = mine.find((m) => m.status === 'ready')!;
    failed = mine.find((m) => m.status === 'provision_failed')!;
    await db()
      .insert(users)
      .values({ name: 'مشتری دیگر', email: 'other@example.test', emailVerifiedAt: new Date() });
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.31.0.1' });
    stranger = new TestBrowser(t, { ip: '10.31.0.2' });
    await stranger.request('GET', '/login');
    await stranger.request('POST', '/__testing/sign-in', { email: 'other@example.test' });
  });
  afterAll(() => t.close());

  it('shows the schedule on the Edit page (the demo machine has one, overnight included)', async () => {
    expect((await customer.page(edit())).props.schedule).toEqual([]);
    const page = await customer.page(`/panel/instances/${failed.uuid}/edit`);
    expect(page.props.schedule).toHaveLength(5);
    expect(page.props.schedule.at(-1)).toEqual({ weekday: 4, start: '20:00', stop: '08:00' });
  });

  it('replaces the days, Persian digits accepted, and records who changed it', async () => {
    const res = await save(customer, [
      { weekday: 2, start: '۹:۰۰', stop: '۱۸:۳۰' },
      { weekday: 0, start: '08:00', stop: '17:00' },
      { weekday: 4, start: '22:00', stop: '06:00' },
    ]);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(edit());
    expect(await rows()).toEqual([
      { weekday: 0, start: '08:00', stop: '17:00' },
      { weekday: 2, start: '09:00', stop: '18:30' },
      { weekday: 4, start: '22:00', stop: '06:00' },
    ]);
    const page = await customer.page(edit());
    expect(page.props.flash.success).toMatch(PERSIAN);
    expect(page.props.schedule).toHaveLength(3);
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.event, 'instance:schedule.updated'),
          eq(activityLog.subjectId, String(machine.id)),
        ),
      )
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: machine.userId, ipAddress: '10.31.0.1' });

    // Fewer days replace, none clears.
    await save(customer, [{ weekday: 6, start: '10:00', stop: '12:00' }]);
    expect(await rows()).toEqual([{ weekday: 6, start: '10:00', stop: '12:00' }]);
    await save(customer, []);
    expect(await rows()).toEqual([]);
  });

  it('refuses a stop equal to its start, bad times and a day twice, in Persian, changing nothing', async () => {
    await save(customer, [{ weekday: 1, start: '09:00', stop: '18:00' }]);
    const before = await rows();
    const cases: [unknown, string, RegExp | string][] = [
      [
        [{ weekday: 1, start: '09:00', stop: '۰۹:۰۰' }],
        'days.0.stop',
        'ساعت خاموش شدن با ساعت روشن شدن یکی است.',
      ],
      [[{ weekday: 1, start: '25:00', stop: '18:00' }], 'days.0.start', PERSIAN],
      [[{ weekday: 1, start: 'نه صبح', stop: '18:00' }], 'days.0.start', PERSIAN],
      [[{ weekday: 9, start: '09:00', stop: '18:00' }], 'days.0.weekday', PERSIAN],
      [
        [
          { weekday: 3, start: '09:00', stop: '18:00' },
          { weekday: 3, start: '19:00', stop: '20:00' },
        ],
        'days.1.weekday',
        /سه‌شنبه/,
      ],
    ];
    for (const [days, field, message] of cases) {
      const res = await save(customer, days);
      expect(res.statusCode, JSON.stringify(days)).toBe(303);
      const errors = await customer.errorsOn(edit());
      expect(errors[field], JSON.stringify(days)).toMatch(message);
      expect(await rows()).toEqual(before);
    }
  });

  it("another customer's machine, a malformed id or a guest: 404 or sign-in, nothing changed", async () => {
    const before = await rows();
    expect((await save(stranger, [{ weekday: 0, start: '01:00', stop: '02:00' }])).statusCode).toBe(404);
    expect((await save(customer, [], '/panel/instances/not-a-uuid/schedule')).statusCode).toBe(404);
    const guest = new TestBrowser(t);
    await guest.request('GET', '/login');
    const res = await save(guest, []);
    expect([302, 303]).toContain(res.statusCode);
    expect(res.headers.location).toContain('/login');
    expect(await rows()).toEqual(before);
  });
});
