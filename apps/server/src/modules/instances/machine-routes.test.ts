import { and, count, desc, eq, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, type Worker } from '../../platform/jobs/worker';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { usageSessions, walletTransactions } from '../billing/tables';
import { hardwares, limitations, locations, ports, resources } from '../catalog/tables';
import { users } from '../users/tables';
import { type Instance, instances } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;
const MAKE = '/panel/instances/create';

/**
 * A customer's whole machine life through the panel forms (docs/screens.md §4): Make reserves a
 * host and a port in one transaction, the jobs provision and start it, View hands over the
 * password once and the `.rdp`, Edit saves settings and deletes it with the port back in the pool.
 */
describe(`panel: make, view, edit and delete a machine (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let stranger: TestBrowser;
  let worker: Worker;
  let customerId: number;
  let key = 0;

  const db = () => t.database.db;
  const nextKey = () => `test-key-${String(++key).padStart(8, '0')}`;
  const form = (overrides: Record<string, unknown> = {}) => ({
    hardware: 'rtx-4090',
    location: 'thr1',
    image: 1,
    name: 'رندر ویلای شمال',
    idempotency_key: nextKey(),
    ...overrides,
  });
  const machineCount = async () =>
    (
      await db()
        .select({ n: count() })
        .from(instances)
        .where(and(eq(instances.userId, customerId), ne(instances.status, 'deleted')))
    )[0]!.n;
  const heldPorts = async () =>
    (await db().select({ n: count() }).from(ports).where(ne(ports.status, 'free')))[0]!.n;
  const byUuid = async (uuid: string) =>
    (await db().select().from(instances).where(eq(instances.uuid, uuid)))[0] as Instance;
  const uuidOf = (location: string | undefined) =>
    /\/panel\/instances\/([0-9a-f-]{36})/.exec(location ?? '')?.[1] ?? 'none';

  beforeAll(async () => {
    t = await createAuthTestApp({ INSTANCE_SIMULATED_LATENCY_MS: '0' });
    worker = createWorker({ db: db(), handlers: t.app.jobHandlers });
    const [owner] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = owner!.id;
    // Enough for a few hours of any plan, and the identity approved: nothing but the test's own
    // conditions stands in the way.
    await db()
      .update(users)
      .set({ balance: 50_000_000, kycStatus: 'approved' })
      .where(eq(users.id, customerId));
    await db().insert(users).values({
      name: 'مشتری دیگر',
      email: 'other@example.test',
      emailVerifiedAt: new Date(),
      kycStatus: 'approved',
    });
    // Room for every machine these tests make on the RTX 4090 host in Tehran, and no count limit.
    const [host] = await db().select().from(resources).where(eq(resources.name, 'thr1-gpu-01'));
    await db().update(resources).set({ capacity: 20 }).where(eq(resources.id, host!.id));
    await db()
      .insert(ports)
      .values(
        Array.from({ length: 16 }, (_, i) => ({
          resourceId: host!.id,
          publicIp: '185.213.10.21',
          publicPort: 40_000 + i,
        })),
      );
    await db().delete(limitations).where(eq(limitations.key, 'max_instances'));
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.30.0.1' });
    stranger = await logIn(t, 'other@example.test', 'password', { ip: '10.30.0.2' }).catch(async () => {
      // The inserted user has no password: sign in through the test shortcut instead.
      const { TestBrowser: Browser } = await import('../auth/test-support');
      const browser = new Browser(t, { ip: '10.30.0.2' });
      await browser.request('GET', '/login');
      await browser.request('POST', '/__testing/sign-in', { email: 'other@example.test' });
      return browser;
    });
  });
  afterAll(() => t.close());

  it('offers the active plans, locations and images with free places and what stops the account', async () => {
    const page = await customer.page(`${MAKE}?hardware=rtx-4090&location=nowhere`);
    expect(page.component).toBe('Panel/Instances/Make');
    const { hardwares: plans, locations: places, images, selected, idempotency_key, limits } = page.props;
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p: { blockers: string[] }) => Array.isArray(p.blockers))).toBe(true);
    expect(places.map((l: { code: string }) => l.code)).toContain('thr1');
    expect(images.length).toBeGreaterThan(0);
    expect(selected).toEqual({ hardware: 'rtx-4090', location: null });
    expect(idempotency_key).toMatch(/^[0-9a-f]{32}$/);
    expect(limits.max_instances.used).toBeGreaterThan(0);
  });

  it('makes a machine: pending with a host and a port reserved, then ready and running after the jobs', async () => {
    const before = await heldPorts();
    const res = await customer.post('/panel/instances', form());
    expect(res.statusCode).toBe(303);
    const uuid = uuidOf(res.headers.location as string);
    let machine = await byUuid(uuid);
    expect(machine).toMatchObject({ status: 'pending', power: 'stopped', userId: customerId });
    expect(machine.resourceId).not.toBeNull();
    expect(await heldPorts()).toBe(before + 1);
    const [port] = await db().select().from(ports).where(eq(ports.id, machine.portId!));
    expect(port).toMatchObject({ status: 'reserved', instanceId: machine.id });

    await worker.drain();
    machine = await byUuid(uuid);
    expect(machine).toMatchObject({ status: 'ready', power: 'running' });
    expect(machine.runningSince).not.toBeNull();
    expect(machine.passwordEncrypted).not.toBeNull();
    const [bound] = await db().select().from(ports).where(eq(ports.id, machine.portId!));
    expect(bound!.status).toBe('bound');
    const events = await db()
      .select({ event: activityLog.event })
      .from(activityLog)
      .where(and(eq(activityLog.subjectType, 'instance'), eq(activityLog.subjectId, String(machine.id))));
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        'instance:created',
        'instance:provision.started',
        'instance:provisioned',
        'instance:power.started',
      ]),
    );
  });

  it('makes one machine of a double submit (the same form key)', async () => {
    const body = form({ name: 'دوبار کلیک' });
    const before = await machineCount();
    const [a, b] = await Promise.all([
      customer.post('/panel/instances', body),
      customer.post('/panel/instances', body),
    ]);
    expect(uuidOf(a.headers.location as string)).toBe(uuidOf(b.headers.location as string));
    expect(await machineCount()).toBe(before + 1);
  });

  it('refuses, in Persian under the field, what cannot be ordered, and reserves nothing', async () => {
    const [hidden] = await db()
      .update(hardwares)
      .set({ status: 'hidden' })
      .where(eq(hardwares.slug, 'rtx-3090'))
      .returning();
    const [closed] = await db()
      .update(locations)
      .set({ isActive: false })
      .where(eq(locations.code, 'tbz1'))
      .returning();
    const cases: [Record<string, unknown>, string][] = [
      [{ hardware: hidden?.slug ?? 'no-such-plan' }, 'hardware'],
      [{ hardware: 'no-such-plan' }, 'hardware'],
      [{ location: closed?.code ?? 'nowhere' }, 'location'],
      [{ image: 99_999 }, 'image'],
      [{ name: 'x' }, 'name'],
      [{ name: '<b>' }, 'name'],
      [{ idempotency_key: 'short' }, 'idempotency_key'],
    ];
    const machines = await machineCount();
    const held = await heldPorts();
    for (const [overrides, field] of cases) {
      const res = await customer.post('/panel/instances', form(overrides), { referer: MAKE });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(303);
      const errors = await customer.errorsOn(MAKE);
      expect(errors[field], JSON.stringify(overrides)).toMatch(PERSIAN);
    }
    expect(await machineCount()).toBe(machines);
    expect(await heldPorts()).toBe(held);
    if (hidden) await db().update(hardwares).set({ status: 'active' }).where(eq(hardwares.id, hidden.id));
    if (closed) await db().update(locations).set({ isActive: true }).where(eq(locations.id, closed.id));
  });

  it('names what the account lacks: identity, balance (the amount needed in Toman), capacity', async () => {
    const machines = await machineCount();
    const held = await heldPorts();
    await db().update(users).set({ kycStatus: 'pending' }).where(eq(users.id, customerId));
    await customer.post('/panel/instances', form(), { referer: MAKE });
    expect((await customer.errorsOn(MAKE)).make).toMatch(/احراز هویت/);
    await db().update(users).set({ kycStatus: 'approved', balance: 1000 }).where(eq(users.id, customerId));
    await customer.post('/panel/instances', form(), { referer: MAKE });
    expect((await customer.errorsOn(MAKE)).make).toMatch(/تومان.*شارژ/);
    await db().update(users).set({ balance: 50_000_000 }).where(eq(users.id, customerId));
    // Every host of the plan in maintenance: no capacity, nothing reserved.
    const [plan] = await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090'));
    const hosts = await db()
      .update(resources)
      .set({ status: 'maintenance' })
      .where(and(eq(resources.hardwareId, plan!.id), eq(resources.status, 'available')))
      .returning({ id: resources.id });
    await customer.post('/panel/instances', form(), { referer: MAKE });
    expect((await customer.errorsOn(MAKE)).location).toMatch(/سرور آزادی/);
    for (const host of hosts)
      await db().update(resources).set({ status: 'available' }).where(eq(resources.id, host.id));
    expect(await machineCount()).toBe(machines);
    expect(await heldPorts()).toBe(held);
  });

  it('reviews an order before any charge: the plan, the hourly price with VAT and the hours the balance covers, from the server', async () => {
    const [plan] = await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090'));
    const [owner] = await db().select().from(users).where(eq(users.id, customerId));
    const machines = await machineCount();
    const held = await heldPorts();
    const res = await customer.visit('POST', '/panel/instances/review', form({ name: 'رندر انیمیشن' }), {
      referer: MAKE,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.component).toBe('Panel/Instances/Make');
    // A reload shows the form again, never a page only a POST can reach.
    expect(page.url).toBe(MAKE);
    const price = plan!.pricePerHour;
    expect(page.props.review).toMatchObject({
      hardware: 'rtx-4090',
      title: plan!.title,
      location: 'thr1',
      image: 1,
      name: 'رندر انیمیشن',
      price_per_hour: price,
      vat_rate: 10,
      vat_per_hour: Math.floor(price / 10),
      price_per_hour_with_vat: price + Math.floor(price / 10),
      balance: owner!.balance,
      hours_covered: Math.floor(owner!.balance / price),
    });
    expect(page.props.review.location_name).toMatch(PERSIAN);
    expect(page.props.review.image_name.length).toBeGreaterThan(0);
    // The plan list carries the same server figures for the summary beside the form.
    const listed = page.props.hardwares.find((h: { slug: string }) => h.slug === 'rtx-4090');
    expect(listed.quote).toEqual(
      expect.objectContaining({ price_per_hour_with_vat: page.props.review.price_per_hour_with_vat }),
    );
    // Reviewing makes nothing and holds nothing.
    expect(await machineCount()).toBe(machines);
    expect(await heldPorts()).toBe(held);

    // The review refuses what the order would: the same Persian field errors.
    const refused = await customer.visit('POST', '/panel/instances/review', form({ image: 99_999 }), {
      referer: MAKE,
    });
    expect(refused.statusCode).toBe(303);
    expect((await customer.errorsOn(MAKE)).image).toMatch(PERSIAN);
  });

  it('starts the charge only at the reviewed price: a price changed since the review is refused', async () => {
    const [plan] = await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090'));
    const reviewed = plan!.pricePerHour;
    const machines = await machineCount();
    await db()
      .update(hardwares)
      .set({ pricePerHour: reviewed + 100_000 })
      .where(eq(hardwares.id, plan!.id));
    try {
      await customer.post('/panel/instances', form({ quoted_price_per_hour: reviewed }), { referer: MAKE });
      expect((await customer.errorsOn(MAKE)).make).toMatch(/قیمت.*تغییر/);
      expect(await machineCount()).toBe(machines);
    } finally {
      await db().update(hardwares).set({ pricePerHour: reviewed }).where(eq(hardwares.id, plan!.id));
    }
    const res = await customer.post(
      '/panel/instances',
      form({ name: 'بازبینی‌شده', quoted_price_per_hour: reviewed }),
    );
    expect(res.statusCode).toBe(303);
    const made = await byUuid(uuidOf(res.headers.location as string));
    expect(made.pricePerHour).toBe(reviewed);
  });

  it('refuses a name over 60 characters under the field, saying the limit and its length, and never cuts it', async () => {
    const machines = await machineCount();
    for (const url of ['/panel/instances/review', '/panel/instances']) {
      for (const [length, shown] of [
        [300, '۳۰۰'],
        [61, '۶۱'],
      ] as const) {
        const res = await customer.post(url, form({ name: 'ر'.repeat(length) }), { referer: MAKE });
        expect(res.statusCode, `${url} ${length}`).toBe(303);
        const error = (await customer.errorsOn(MAKE)).name ?? '';
        expect(error, `${url} ${length}`).toContain('۶۰');
        expect(error, `${url} ${length}`).toContain(shown);
      }
    }
    expect(await machineCount()).toBe(machines);
    // The longest allowed name is kept whole.
    const longest = 'سرور رندر '.repeat(6).slice(0, 59) + 'ی';
    expect(longest).toHaveLength(60);
    const res = await customer.post('/panel/instances', form({ name: longest }));
    expect(res.statusCode).toBe(303);
    expect((await byUuid(uuidOf(res.headers.location as string))).name).toBe(longest);
  });

  it('View shows each machine’s latest session at what the ledger charged, open or just stopped', async () => {
    const own = await db().select().from(instances).where(eq(instances.userId, customerId));
    expect(own.length).toBeGreaterThan(0);
    let seen = 0;
    for (const machine of own) {
      if (machine.status === 'deleted') continue;
      const view = await customer.page(`/panel/instances/${machine.uuid}`);
      const [latest] = await db()
        .select()
        .from(usageSessions)
        .where(eq(usageSessions.instanceId, machine.id))
        .orderBy(desc(usageSessions.startedAt), desc(usageSessions.id))
        .limit(1);
      if (!latest) {
        expect(view.props.session).toBeNull();
        continue;
      }
      const from = Math.floor(latest.startedAt.getTime() / 60_000) * 60_000;
      const lines = (
        await db()
          .select()
          .from(walletTransactions)
          .where(
            and(
              eq(walletTransactions.type, 'usage'),
              like(walletTransactions.idempotencyKey, `usage:${machine.id}:%`),
            ),
          )
      ).filter(
        (l) => l.createdAt.getTime() >= from && l.createdAt.getTime() < from + latest.billedMinutes * 60_000,
      );
      // The duration is shown with the clock time it covers: the charged minutes' own range.
      expect(view.props.session, machine.name).toEqual({
        open: latest.endedAt === null,
        minutes: latest.billedMinutes,
        from: new Date(from).toISOString(),
        to: new Date(from + latest.billedMinutes * 60_000).toISOString(),
        amount: lines.reduce((sum, l) => sum - l.amount, 0),
      });
      seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('shows the machine to its owner only; the password once, then a new one through the driver', async () => {
    const res = await customer.post('/panel/instances', form({ name: 'سرور گذرواژه' }));
    const uuid = uuidOf(res.headers.location as string);
    await worker.drain();
    const view = await customer.page(`/panel/instances/${uuid}`);
    expect(view.component).toBe('Panel/Instances/View');
    expect(view.props.instance).toMatchObject({
      uuid,
      status: 'ready',
      power: 'running',
      password_waiting: true,
    });
    expect(JSON.stringify(view.props)).not.toMatch(/password_encrypted|driver_ref/);
    expect((await stranger.request('GET', `/panel/instances/${uuid}`)).statusCode).toBe(404);
    expect((await stranger.request('GET', `/panel/instances/${uuid}/rdp`)).statusCode).toBe(404);

    await customer.request('POST', '/user/confirm-password', { password: 'password' });
    const reveal = await customer.post(
      `/panel/instances/${uuid}/password`,
      {},
      { referer: `/panel/instances/${uuid}` },
    );
    expect(reveal.statusCode).toBe(303);
    const shown = await customer.page(`/panel/instances/${uuid}`);
    const first = shown.props.flash.secret as string;
    expect(first).toHaveLength(16);
    expect(shown.props.instance.password_waiting).toBe(false);
    const again = await customer.page(`/panel/instances/${uuid}`);
    expect(again.props.flash.secret ?? null).toBeNull();
    expect((await byUuid(uuid)).passwordEncrypted).toBeNull();

    await customer.post(`/panel/instances/${uuid}/password`, {}, { referer: `/panel/instances/${uuid}` });
    const fresh = (await customer.page(`/panel/instances/${uuid}`)).props.flash.secret as string;
    expect(fresh).toHaveLength(16);
    expect(fresh).not.toBe(first);

    const rdp = await customer.request('GET', `/panel/instances/${uuid}/rdp`);
    expect(rdp.statusCode).toBe(200);
    expect(rdp.headers['content-disposition']).toMatch(/attachment; filename=".+\.rdp"/);
    const machine = await byUuid(uuid);
    const [port] = await db().select().from(ports).where(eq(ports.id, machine.portId!));
    expect(rdp.body).toContain(`full address:s:${port!.publicIp}:${port!.publicPort}\r\n`);
    expect(rdp.body).not.toContain(first);
  });

  it('saves the settings and deletes on the typed name: the port goes back to the pool', async () => {
    const res = await customer.post('/panel/instances', form({ name: 'سرور موقت' }));
    const uuid = uuidOf(res.headers.location as string);
    await worker.drain();
    const edit = `/panel/instances/${uuid}/edit`;
    expect((await customer.page(edit)).component).toBe('Panel/Instances/Edit');

    await customer.request(
      'PUT',
      `/panel/instances/${uuid}`,
      { name: 'سرور موقت ۲', idle_stop_minutes: '30', stop_below_balance: '' },
      { referer: edit },
    );
    expect(await byUuid(uuid)).toMatchObject({
      name: 'سرور موقت ۲',
      idleStopMinutes: 30,
      stopBelowBalance: null,
    });
    await customer.request(
      'PUT',
      `/panel/instances/${uuid}`,
      { name: 'سرور موقت ۲', idle_stop_minutes: '3' },
      { referer: edit },
    );
    expect((await customer.errorsOn(edit)).idle_stop_minutes).toMatch(PERSIAN);
    expect((await byUuid(uuid)).idleStopMinutes).toBe(30);

    await customer.request(
      'DELETE',
      `/panel/instances/${uuid}`,
      { confirm_name: 'سرور دیگر' },
      { referer: edit },
    );
    expect((await customer.errorsOn(edit)).confirm_name).toMatch(PERSIAN);
    expect((await byUuid(uuid)).status).toBe('ready');
    expect(
      (await stranger.request('DELETE', `/panel/instances/${uuid}`, { confirm_name: 'سرور موقت ۲' }))
        .statusCode,
    ).toBe(404);

    const portId = (await byUuid(uuid)).portId!;
    const gone = await customer.request(
      'DELETE',
      `/panel/instances/${uuid}`,
      { confirm_name: 'سرور موقت ۲' },
      { referer: edit },
    );
    expect(gone.statusCode).toBe(303);
    expect(gone.headers.location).toBe('/panel/instances');
    expect((await byUuid(uuid)).status).toBe('deleting');
    await worker.drain();
    expect(await byUuid(uuid)).toMatchObject({
      status: 'deleted',
      power: 'stopped',
      passwordEncrypted: null,
    });
    const [port] = await db().select().from(ports).where(eq(ports.id, portId));
    expect(port).toMatchObject({ status: 'free', instanceId: null });
    expect((await customer.request('GET', `/panel/instances/${uuid}`)).statusCode).toBe(404);
  });

  it('shows the attached drive on Edit, and attaches and detaches it there, coming back to the page', async () => {
    const res = await customer.post('/panel/instances', form({ name: 'سرور فضا' }));
    const uuid = uuidOf(res.headers.location as string);
    await worker.drain();
    const edit = `/panel/instances/${uuid}/edit`;
    type Choice = { uuid: string; name: string };
    let page = await customer.page(edit);
    expect(page.props.drive.attached).toBeNull();
    // The demo customer's drives are in thr1, where this machine is.
    const drive = (page.props.drive.choices as Choice[]).find((d) => d.name === 'آرشیو رندرها')!;
    expect(drive).toBeTruthy();

    // Running: refused under the field, nothing attached.
    await customer.post(`/panel/drives/${drive.uuid}/attach`, { instance: uuid }, { referer: edit });
    page = await customer.page(edit);
    expect(page.props.errors.instance).toMatch(/خاموش/);
    expect(page.props.drive.attached).toBeNull();

    await db().update(instances).set({ power: 'stopped' }).where(eq(instances.uuid, uuid));
    const on = await customer.post(
      `/panel/drives/${drive.uuid}/attach`,
      { instance: uuid },
      { referer: edit },
    );
    expect(on.headers.location).toBe(edit);
    page = await customer.page(edit);
    expect(page.props.drive.attached).toMatchObject({ uuid: drive.uuid, name: 'آرشیو رندرها' });
    expect((page.props.drive.choices as Choice[]).some((d) => d.uuid === drive.uuid)).toBe(false);
    const off = await customer.post(`/panel/drives/${drive.uuid}/detach`, {}, { referer: edit });
    expect(off.headers.location).toBe(edit);
    expect((await customer.page(edit)).props.drive.attached).toBeNull();
  });

  it('reinstalls from another image on the typed name: a new machine on the same host and port, a new password', async () => {
    const res = await customer.post('/panel/instances', form({ name: 'سرور نصب دوباره' }));
    const uuid = uuidOf(res.headers.location as string);
    await worker.drain();
    await customer.request('POST', '/user/confirm-password', { password: 'password' });
    await customer.post(`/panel/instances/${uuid}/password`, {}, { referer: `/panel/instances/${uuid}` });
    const before = await byUuid(uuid);
    expect(before.passwordEncrypted).toBeNull();
    const edit = `/panel/instances/${uuid}/edit`;
    const images = (await customer.page(edit)).props.images as { id: number }[];
    const other = images.find((i) => i.id !== before.imageId)!;

    await customer.post(
      `/panel/instances/${uuid}/reinstall`,
      { image: other.id, confirm_name: 'نام اشتباه' },
      { referer: edit },
    );
    expect((await customer.errorsOn(edit)).confirm_name).toMatch(PERSIAN);
    await customer.post(
      `/panel/instances/${uuid}/reinstall`,
      { image: 99_999, confirm_name: before.name },
      { referer: edit },
    );
    expect((await customer.errorsOn(edit)).image).toMatch(PERSIAN);
    expect(await byUuid(uuid)).toMatchObject({ status: 'ready', imageId: before.imageId });

    const ok = await customer.post(
      `/panel/instances/${uuid}/reinstall`,
      { image: other.id, confirm_name: before.name },
      { referer: edit },
    );
    expect(ok.statusCode).toBe(303);
    expect(await byUuid(uuid)).toMatchObject({ status: 'provisioning', power: 'stopped', imageId: other.id });
    await worker.drain();
    const after = await byUuid(uuid);
    expect(after).toMatchObject({
      status: 'ready',
      power: 'running',
      portId: before.portId,
      resourceId: before.resourceId,
    });
    expect(after.driverRef).not.toBe(before.driverRef);
    expect(after.passwordEncrypted).not.toBeNull();
  });
});
