import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { type Instance, instances } from './tables';
import { powerProbes } from './test-support';

const PERSIAN = /[\u0600-\u06FF]/;
const LIST = '/panel/instances';

describe(`panel: my machines and their power form (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let running: Instance;
  let stopped: Instance;
  let failed: Instance;
  let foreign: Instance;

  const { reload, jobCount, powerActivity } = powerProbes(() => t.database.db);
  /** The form as the list page sends it: back to the list. */
  const power = (browser: TestBrowser, uuid: string, body: unknown) =>
    browser.post(`${LIST}/${uuid}/power`, body, { referer: LIST });

  beforeAll(async () => {
    t = await createAuthTestApp();
    const db = t.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    const [other] = await db
      .insert(users)
      .values({
        name: 'مشتری دیگر',
        email: 'other@example.test',
        emailVerifiedAt: new Date(),
        kycStatus: 'approved',
      })
      .returning();
    const own = await db
      .select()
      .from(instances)
      .where(eq(instances.userId, owner!.id))
      .orderBy(instances.id);
    [running, stopped, failed] = own as [Instance, Instance, Instance];
    const { id: _id, uuid: _uuid, ...copy } = running;
    [foreign] = (await db
      .insert(instances)
      .values({ ...copy, userId: other!.id, name: 'سرور دیگری', portId: null })
      .returning()) as [Instance];
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.20.0.1' });
  });
  afterAll(() => t.close());

  it('lists only the customer’s own machines, newest first, with what the page shows', async () => {
    const page = await customer.page(LIST);
    expect(page.component).toBe('Panel/Instances/List');
    const { data, meta } = page.props.items;
    expect(meta).toEqual({ current_page: 1, per_page: 25, has_more: false });
    expect(data.map((i: { uuid: string }) => i.uuid)).toEqual([failed.uuid, stopped.uuid, running.uuid]);
    expect(data.map((i: { uuid: string }) => i.uuid)).not.toContain(foreign.uuid);
    const villa = data.find((i: { uuid: string }) => i.uuid === running.uuid);
    expect(villa).toMatchObject({
      name: running.name,
      power: 'running',
      actions: ['stop', 'restart'],
      host: '185.213.10.21',
      port: 33_891,
      price_per_hour: 950_000,
    });
    expect(villa.running_since).toEqual(expect.any(String));
    expect(JSON.stringify(data)).not.toMatch(/password|driver_ref|private/i);
    expect(data.find((i: { uuid: string }) => i.uuid === failed.uuid).failure_reason).toMatch(PERSIAN);
  });

  it('turns a bad page number into the first page, not an error', async () => {
    const page = await customer.page(`${LIST}?page=abc&per_page=-3`);
    expect(page.status).toBe(200);
    expect(page.props.items.meta.current_page).toBe(1);
  });

  it('refuses a forbidden action with a Persian errors.action and changes nothing', async () => {
    const [jobsBefore, activityBefore] = [await jobCount(), await powerActivity()];
    const res = await power(customer, stopped.uuid, { action: 'stop' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(LIST);
    const errors = await customer.errorsOn(LIST);
    expect(errors.action).toBe('سرور خاموش است؛ نخست روشنش کنید.');
    const failedRes = await power(customer, failed.uuid, { action: 'start' });
    expect(failedRes.statusCode).toBe(303);
    expect((await customer.errorsOn(LIST)).action).toMatch(/آماده‌سازی این سرور ناموفق/);
    expect((await reload(stopped.id)).power).toBe('stopped');
    expect((await reload(failed.id)).power).toBe('stopped');
    expect([await jobCount(), await powerActivity()]).toEqual([jobsBefore, activityBefore]);
  });

  it.each([
    ['empty', {}],
    ['an unknown action', { action: 'destroy' }],
    ['a wrong type', { action: 42 }],
    ['an array', { action: ['stop'] }],
    ['SQL', { action: "stop'; DROP TABLE instances; --" }],
    ['a bad force', { action: 'stop', force: 'yes' }],
  ])('refuses %s with a Persian error and changes nothing', async (_what, body) => {
    const [jobsBefore, before] = [await jobCount(), await reload(running.id)];
    const res = await power(customer, running.uuid, body);
    expect(res.statusCode).toBe(303);
    const errors = await customer.errorsOn(LIST);
    const message = errors.action ?? errors.force;
    expect(message).toMatch(PERSIAN);
    const after = await reload(running.id);
    expect([after.power, after.powerChangedAt]).toEqual([before.power, before.powerChangedAt]);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it("answers another customer's machine (and a made-up uuid) with 404, whatever the body", async () => {
    const before = await jobCount();
    for (const uuid of [foreign.uuid, '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"]) {
      const res = await power(customer, encodeURIComponent(uuid), { action: 'stop' });
      expect(res.statusCode, uuid).toBe(404);
      expect(res.body).toContain('سروری با این شناسه پیدا نشد.');
    }
    expect((await reload(foreign.id)).power).toBe('running');
    expect(await jobCount()).toBe(before);
  });

  it('accepts a stop of a running machine: 303 back, a flash, and the machine is stopping', async () => {
    const res = await power(customer, running.uuid, { action: 'stop' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(LIST);
    const page = await customer.page(LIST);
    expect(page.props.flash.success).toContain(running.name);
    expect(page.props.errors).toEqual({});
    const machine = page.props.items.data.find((i: { uuid: string }) => i.uuid === running.uuid);
    expect(machine).toMatchObject({ power: 'stopping', actions: [] });
    expect((await reload(running.id)).power).toBe('stopping');

    // A second click while it stops is refused by the state machine, not queued twice.
    const again = await power(customer, running.uuid, { action: 'stop' });
    expect(again.statusCode).toBe(303);
    expect((await customer.errorsOn(LIST)).action).toBe('سرور در حال خاموش شدن است؛ چند لحظه صبر کنید.');
  });
});
