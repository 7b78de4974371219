import { and, desc, eq, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, type Worker } from '../../platform/jobs/worker';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, TestBrowser } from '../auth/test-support';
import { walletTransactions } from '../billing/tables';
import { ports, resources } from '../catalog/tables';
import { users } from '../users/tables';
import { type Instance, instances, simulatedMachines } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;

/** Care and admin screens of customers' machines (docs/screens.md §5–6). */
describe(`staff: customers' machines (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let care: TestBrowser;
  let admin: TestBrowser;
  let customer: TestBrowser;
  let worker: Worker;
  let running: Instance;
  let failed: Instance;
  const db = () => t.database.db;
  const reload = async (id: number) => (await db().select().from(instances).where(eq(instances.id, id)))[0]!;
  const as = async (email: string, ip: string) => {
    const browser = new TestBrowser(t, { ip });
    await browser.request('GET', '/login');
    await browser.request('POST', '/__testing/sign-in', { email });
    await browser.request('POST', '/user/confirm-password', { password: 'password' });
    return browser;
  };

  beforeAll(async () => {
    t = await createAuthTestApp({ INSTANCE_SIMULATED_LATENCY_MS: '0' });
    worker = createWorker({ db: db(), handlers: t.app.jobHandlers });
    care = await as('care@renderfarm.test', '10.60.0.1');
    admin = await as('admin@renderfarm.test', '10.60.0.2');
    customer = await as('customer@renderfarm.test', '10.60.0.3');
    [running] = (await db().select().from(instances).where(eq(instances.power, 'running'))) as [Instance];
    [failed] = (await db().select().from(instances).where(eq(instances.status, 'provision_failed'))) as [
      Instance,
    ];
  });
  afterAll(() => t.close());

  it('care finds machines by owner name, mobile or uuid, with filters; never a secret', async () => {
    const [owner] = await db().select().from(users).where(eq(users.id, running.userId));
    const byName = await care.page(`/care/instances?q=${encodeURIComponent(owner!.name.split(' ')[0]!)}`);
    expect(byName.component).toBe('Care/Instances/List');
    expect(byName.props.machines.data.map((m: { id: number }) => m.id)).toContain(running.id);
    const byMobile = await care.page(`/care/instances?q=${encodeURIComponent('۰۹۱۲۰۰۰')}`);
    expect(byMobile.props.machines.data.map((m: { id: number }) => m.id)).toContain(running.id);
    const byUuid = await care.page(`/care/instances?q=${running.uuid.slice(0, 8)}`);
    expect(byUuid.props.machines.data.map((m: { id: number }) => m.id)).toEqual([running.id]);
    const failedOnly = await care.page('/care/instances?status=provision_failed');
    expect(
      failedOnly.props.machines.data.every((m: { status: string }) => m.status === 'provision_failed'),
    ).toBe(true);
    expect(
      (await care.page('/care/instances?status=nonsense&page=abc')).props.machines.data.length,
    ).toBeGreaterThan(0);

    const view = await care.page(`/care/instances/${running.id}`);
    expect(view.component).toBe('Care/Instances/View');
    expect(view.props.owner).toMatchObject({ id: running.userId, kyc_status: 'approved' });
    expect(view.props.admin).toBeNull();
    expect(JSON.stringify({ ...view.props, routes: null })).not.toMatch(
      /password|driver_ref|driverConfig|10\.10\./,
    );
    expect((await customer.request('GET', '/care/instances')).statusCode).toBe(404);
    expect((await care.request('GET', `/admin/instances/${running.id}`)).statusCode).toBe(404);
    expect((await care.request('GET', '/care/instances/999999')).statusCode).toBe(404);
  });

  it('care changes power with a reason, kept in the history; without a reason nothing happens', async () => {
    await care.post(
      `/care/instances/${running.id}/power`,
      { action: 'stop' },
      { referer: `/care/instances/${running.id}` },
    );
    expect((await care.errorsOn(`/care/instances/${running.id}`)).reason).toMatch(PERSIAN);
    expect((await reload(running.id)).power).toBe('running');
    await care.post(
      `/care/instances/${running.id}/power`,
      { action: 'kill', reason: 'درخواست مشتری' },
      { referer: `/care/instances/${running.id}` },
    );
    expect((await care.errorsOn(`/care/instances/${running.id}`)).action).toMatch(PERSIAN);

    await care.post(
      `/care/instances/${running.id}/power`,
      { action: 'stop', reason: 'مشتری تلفنی خواست خاموش شود' },
      { referer: `/care/instances/${running.id}` },
    );
    expect((await reload(running.id)).power).toBe('stopping');
    await worker.drain();
    expect((await reload(running.id)).power).toBe('stopped');
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.event, 'instance:power.stop'), eq(activityLog.subjectId, String(running.id))),
      );
    expect(entry!.properties).toMatchObject({ reason: 'مشتری تلفنی خواست خاموش شود', via: 'care' });
    const view = await care.page(`/care/instances/${running.id}`);
    expect(
      view.props.timeline.some((e: { reason: string | null }) => e.reason === 'مشتری تلفنی خواست خاموش شود'),
    ).toBe(true);
    // Every history line reads as the registry labels its event, never as the event's name.
    for (const e of view.props.timeline as { event: string; label: string }[]) {
      expect(e.label, e.event).toMatch(/^[^:A-Za-z]+$/);
    }
  });

  it('admin sees host, port, driver, jobs and the driver’s words; suspends a stopped machine and lifts it', async () => {
    const view = await admin.page(`/admin/instances/${failed.id}`);
    expect(view.component).toBe('Admin/Instances/View');
    expect(view.props.admin.failure_detail).toMatch(/did not answer/);
    // The reason staff read is the failure code's Persian text; the English is only the detail.
    expect(view.props.machine.failure_reason).toBe('میزبان در مهلت مقرر پاسخ نداد');
    expect(view.props.admin.host).toMatchObject({ driver: 'simulated' });
    const list = await admin.page('/admin/instances');
    expect(list.props.machines.data.find((m: { id: number }) => m.id === running.id).host).toMatch(/gpu/);

    await admin.request('PATCH', `/admin/instances/${running.id}/suspend`, {
      suspended: true,
      reason: 'بدهی پرداخت‌نشده',
    });
    expect(await reload(running.id)).toMatchObject({ status: 'suspended', suspendReason: 'بدهی پرداخت‌نشده' });
    await customer.post(
      `/panel/instances/${running.uuid}/power`,
      { action: 'start' },
      { referer: '/panel/instances' },
    );
    expect((await customer.errorsOn('/panel/instances')).action).toMatch(/معلق/);
    await admin.request('PATCH', `/admin/instances/${running.id}/suspend`, {
      suspended: false,
      reason: 'پرداخت شد',
    });
    expect(await reload(running.id)).toMatchObject({ status: 'ready', suspendReason: null });
  });

  it('Admin/Instances/Item shows, for every machine, what the ledger charged it: no arithmetic of its own', async () => {
    // Deleted machines have no staff page (their charges: billing/money-views-walk.test.ts).
    const machines = await db().select().from(instances).where(ne(instances.status, 'deleted'));
    expect(machines.length).toBeGreaterThan(1);
    let charged = 0;
    for (const machine of machines) {
      const lines = await db()
        .select()
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.type, 'usage'),
            like(walletTransactions.idempotencyKey, `usage:${machine.id}:%`),
          ),
        );
      const page = await admin.page(`/admin/instances/${machine.id}/items`);
      const ledger = lines.reduce((sum, line) => sum - line.amount, 0);
      charged += ledger;
      expect(page.props.totals.amount, `machine ${machine.id}`).toBe(ledger);
      // Each session's amount is its own minutes' ledger lines.
      const sessions = page.props.sessions as {
        start: string;
        stop: string | null;
        minutes: number;
        from: string;
        to: string;
        amount: number;
      }[];
      for (const session of sessions) {
        const from = Math.floor(Date.parse(session.start) / 60_000) * 60_000;
        // The range shown beside the minutes is theirs: from − to is exactly the minutes charged.
        expect(Date.parse(session.from)).toBe(from);
        expect(Date.parse(session.to) - Date.parse(session.from)).toBe(session.minutes * 60_000);
        const own = lines.filter(
          (l) =>
            l.createdAt.getTime() >= from &&
            (session.stop === null || l.createdAt.getTime() < Date.parse(session.stop)),
        );
        expect(session.amount).toBe(own.reduce((sum, l) => sum - l.amount, 0));
      }
    }
    // The demo has charged machines: the walk is not over empty pages.
    expect(charged).toBeGreaterThan(0);
  });

  it('admin retries a failed provisioning to ready, and deletes a machine with a reason', async () => {
    await admin.post(
      `/admin/instances/${running.id}/retry`,
      {},
      { referer: `/admin/instances/${running.id}` },
    );
    expect((await admin.errorsOn(`/admin/instances/${running.id}`)).action).toMatch(PERSIAN);

    await admin.post(`/admin/instances/${failed.id}/retry`, {}, { referer: `/admin/instances/${failed.id}` });
    expect((await reload(failed.id)).status).toBe('provisioning');
    await worker.drain();
    expect(await reload(failed.id)).toMatchObject({ status: 'ready', power: 'running' });

    // Its running session so far, on Item and in the CSV; and the machines list as CSV.
    const items = await admin.page(`/admin/instances/${failed.id}/items`);
    expect(items.component).toBe('Admin/Instances/Item');
    expect(items.props.sessions).toHaveLength(1);
    // Open, and nothing charged until billing's usage tick has charged its first minute.
    expect(items.props.sessions[0]).toMatchObject({ stop: null, minutes: 0, amount: 0 });
    const csv = await admin.request('GET', `/admin/instances/${failed.id}/items/export`);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.startsWith('\uFEFFآغاز,پایان,دقیقه')).toBe(true);
    const all = await admin.request('GET', '/admin/instances/export?status=ready');
    expect(all.body).toContain(failed.uuid);
    expect(all.body).not.toMatch(/password|driver_ref/);
    expect((await care.request('GET', '/admin/instances/export')).statusCode).toBe(404);

    await admin.request(
      'DELETE',
      `/admin/instances/${failed.id}`,
      { reason: '' },
      { referer: `/admin/instances/${failed.id}` },
    );
    expect((await admin.errorsOn(`/admin/instances/${failed.id}`)).reason).toMatch(PERSIAN);
    await admin.request(
      'DELETE',
      `/admin/instances/${failed.id}`,
      { reason: 'درخواست مشتری در تیکت' },
      { referer: `/admin/instances/${failed.id}` },
    );
    expect((await reload(failed.id)).status).toBe('deleting');
    await worker.drain();
    expect((await reload(failed.id)).status).toBe('deleted');
    expect((await admin.request('GET', `/admin/instances/${failed.id}`)).statusCode).toBe(404);
  });

  it('admin moves a stopped machine to another host of its plan: old VM and port freed, made again there', async () => {
    const view = `/admin/instances/${running.id}`;
    const move = (body: Record<string, unknown>) =>
      admin.request('PATCH', `${view}/move`, body, { referer: view });
    if ((await reload(running.id)).power !== 'stopped') {
      await admin.post(`${view}/power`, { action: 'stop', reason: 'پیش از جابه‌جایی' }, { referer: view });
      await worker.drain();
    }
    const before = await reload(running.id);
    expect(before).toMatchObject({ status: 'ready', power: 'stopped' });
    const hosts = await db().select().from(resources);
    const other = hosts.find((h) => h.hardwareId === before.hardwareId && h.id !== before.resourceId)!;
    const otherPlan = hosts.find((h) => h.hardwareId !== before.hardwareId)!;
    const page = await admin.page(view);
    const target = page.props.admin.move_targets.find((t: { id: number }) => t.id === other.id);
    expect(target.ports.length).toBeGreaterThan(0);
    expect(page.props.admin.move_targets.map((t: { id: number }) => t.id)).not.toContain(before.resourceId);
    const [foreignPort] = await db().select().from(ports).where(eq(ports.resourceId, otherPlan.id));

    // Refused under the field, nothing changed: no reason, same host, another plan's host, a port of another host.
    for (const [body, field] of [
      [{ resource_id: other.id, reason: '' }, 'reason'],
      [{ resource_id: before.resourceId, reason: 'تعمیر میزبان' }, 'resource_id'],
      [{ resource_id: otherPlan.id, reason: 'تعمیر میزبان' }, 'resource_id'],
      [{ resource_id: other.id, port_id: foreignPort!.id, reason: 'تعمیر میزبان' }, 'port_id'],
    ] as const) {
      await move(body);
      expect((await admin.errorsOn(view))[field], JSON.stringify(body)).toMatch(PERSIAN);
    }
    expect(await reload(running.id)).toMatchObject({ resourceId: before.resourceId, portId: before.portId });
    expect((await db().select().from(ports).where(eq(ports.id, before.portId!)))[0]).toMatchObject({
      status: 'bound',
      instanceId: running.id,
    });

    const chosen = target.ports.at(-1) as { id: number; label: string };
    await move({ resource_id: other.id, port_id: chosen.id, reason: 'تعمیر میزبان thr1-gpu-01' });
    expect(await reload(running.id)).toMatchObject({
      status: 'provisioning',
      resourceId: other.id,
      locationId: other.locationId,
      portId: chosen.id,
    });
    // The old port stays held until the old VM is gone.
    expect((await db().select().from(ports).where(eq(ports.id, before.portId!)))[0]).toMatchObject({
      status: 'reserved',
      instanceId: null,
    });
    await worker.drain();
    const after = await reload(running.id);
    expect(after).toMatchObject({ status: 'ready', power: 'running', resourceId: other.id });
    expect(after.driverRef).not.toBe(before.driverRef);
    expect((await db().select().from(ports).where(eq(ports.id, before.portId!)))[0]!.status).toBe('free');
    expect((await db().select().from(ports).where(eq(ports.id, chosen.id)))[0]).toMatchObject({
      status: 'bound',
      instanceId: running.id,
    });
    const machines = await db()
      .select()
      .from(simulatedMachines)
      .where(eq(simulatedMachines.instanceUuid, running.uuid));
    expect(machines.map((m) => m.hostId)).toEqual([other.id]);
    const [moved] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, String(running.id)), eq(activityLog.event, 'instance:moved')));
    expect(moved!.properties).toMatchObject({ reason: 'تعمیر میزبان thr1-gpu-01', to_resource: other.id });
    // A running machine is not moved.
    await move({ resource_id: before.resourceId, reason: 'برگشت' });
    expect((await admin.errorsOn(view)).action).toMatch(/خاموش/);
  });

  it('admin stops several machines at once with one reason; the ones already off are counted, not failed', async () => {
    const mine = await db().select().from(instances);
    const on = mine.filter((m) => m.status === 'ready' && m.power === 'running');
    const off = mine.filter((m) => m.status === 'ready' && m.power === 'stopped');
    expect(on.length).toBeGreaterThan(0);
    const ids = [...on, ...off].map((m) => m.id);

    await admin.post('/admin/instances/bulk-stop', { ids, reason: '' }, { referer: '/admin/instances' });
    expect((await admin.errorsOn('/admin/instances')).reason).toMatch(PERSIAN);
    await admin.post(
      '/admin/instances/bulk-stop',
      { ids: [], reason: 'نگهداری' },
      { referer: '/admin/instances' },
    );
    expect((await admin.errorsOn('/admin/instances')).ids).toMatch(PERSIAN);
    for (const m of on) expect((await reload(m.id)).power).toBe('running');

    await admin.post(
      '/admin/instances/bulk-stop',
      { ids, reason: 'نگهداری برق دیتاسنتر' },
      { referer: '/admin/instances' },
    );
    const page = await admin.page('/admin/instances');
    expect(page.props.flash.success).toMatch(/در حال خاموش شدن/);
    for (const m of on) expect((await reload(m.id)).power).toBe('stopping');
    await worker.drain();
    for (const m of [...on, ...off]) expect((await reload(m.id)).power).toBe('stopped');
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, String(on[0]!.id)), eq(activityLog.event, 'instance:power.stop')))
      .orderBy(desc(activityLog.id));
    expect(entry!.properties).toMatchObject({ reason: 'نگهداری برق دیتاسنتر' });
    expect((await care.request('POST', '/admin/instances/bulk-stop', { ids, reason: 'x' })).statusCode).toBe(
      404,
    );
  });
});
