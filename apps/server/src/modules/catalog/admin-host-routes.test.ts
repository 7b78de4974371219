import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProxmox, startFakeProxmox } from '../../testing/fake-proxmox';
import { createAuthTestApp, TestBrowser } from '../auth/test-support';
import { hardwares, locations, ports, resources } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;

/** Admin/Resources and Admin/Ports through their forms (docs/screens.md §6). */
describe(`admin: hosts and ports (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let proxmox: FakeProxmox;
  let planId: number;
  let locationId: number;
  const db = () => t.database.db;
  const portCount = async (resourceId: number) =>
    (await db().select({ n: count() }).from(ports).where(eq(ports.resourceId, resourceId)))[0]!.n;
  const hostNamed = async (name: string) =>
    (await db().select().from(resources).where(eq(resources.name, name)))[0]!;

  beforeAll(async () => {
    t = await createAuthTestApp();
    proxmox = await startFakeProxmox();
    admin = new TestBrowser(t, { ip: '10.50.0.1' });
    await admin.request('GET', '/login');
    await admin.request('POST', '/__testing/sign-in', { email: 'admin@renderfarm.test' });
    // Sign-in through the shortcut: confirm the password for the routes that ask for it.
    await admin.request('POST', '/user/confirm-password', { password: 'password' });
    planId = (await db().select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090')))[0]!.id;
    locationId = (await db().select().from(locations).where(eq(locations.code, 'thr1')))[0]!.id;
  });
  afterAll(async () => {
    await proxmox.close();
    await t.close();
  });

  const host = (overrides: Record<string, unknown> = {}) => ({
    location_id: locationId,
    hardware_id: planId,
    name: 'thr1-gpu-09',
    address: '10.10.1.19',
    driver: 'proxmox',
    capacity: '2',
    notes: 'رک ۳، ردیف بالا',
    settings: {
      url: proxmox.url,
      token_id: proxmox.tokenId,
      token_secret: proxmox.tokenSecret,
      node: proxmox.node,
    },
    ...overrides,
  });

  it('makes a proxmox host whose secret never comes back, and checks its connection', async () => {
    const res = await admin.post('/admin/resources', host(), { referer: '/admin/resources/create' });
    expect(res.statusCode).toBe(303);
    const row = await hostNamed('thr1-gpu-09');
    expect(row.driverConfig).not.toContain(proxmox.tokenSecret);
    const edit = await admin.page(`/admin/resources/${row.id}/edit`);
    expect(edit.props.resource).toMatchObject({ driver: 'proxmox', secrets_stored: ['token_secret'] });
    expect(JSON.stringify(edit.props)).not.toContain(proxmox.tokenSecret);
    expect(JSON.stringify((await admin.page('/admin/resources')).props)).not.toContain(proxmox.tokenSecret);

    await admin.post(`/admin/resources/${row.id}/check`, {}, { referer: `/admin/resources/${row.id}/edit` });
    const checked = await admin.page(`/admin/resources/${row.id}/edit`);
    expect(checked.props.flash.success).toMatch(/Proxmox VE 8/);
    expect((await hostNamed('thr1-gpu-09')).lastSeenAt).not.toBeNull();
  });

  it('keeps the stored secret when the form leaves it empty; a wrong one fails the check without echoing it', async () => {
    const row = await hostNamed('thr1-gpu-09');
    const edit = `/admin/resources/${row.id}/edit`;
    await admin.request(
      'PUT',
      `/admin/resources/${row.id}`,
      host({ settings: { ...host().settings, token_secret: '' } }),
      { referer: edit },
    );
    await admin.post(`/admin/resources/${row.id}/check`, {}, { referer: edit });
    expect((await admin.page(edit)).props.flash.success).toMatch(/پاسخ داد/);

    const wrong = 'wrong-secret-that-must-not-show-1234';
    await admin.request(
      'PUT',
      `/admin/resources/${row.id}`,
      host({ settings: { ...host().settings, token_secret: wrong } }),
      { referer: edit },
    );
    await admin.post(`/admin/resources/${row.id}/check`, {}, { referer: edit });
    const page = await admin.page(edit);
    expect(page.props.errors.check).toMatch(/پاسخ درستی نداد.*token was refused/);
    expect(JSON.stringify(page.props)).not.toContain(wrong);
    expect((await hostNamed('thr1-gpu-09')).status).toBe('offline');

    await proxmox.down();
    await admin.request('PUT', `/admin/resources/${row.id}`, host(), { referer: edit });
    await admin.post(`/admin/resources/${row.id}/check`, {}, { referer: edit });
    expect((await admin.page(edit)).props.errors.check).toMatch(/unreachable|timed out/);
    await proxmox.up();
  });

  it('refuses bad host input under the field and changes nothing', async () => {
    const before = (await db().select({ n: count() }).from(resources))[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'thr1-gpu-01' }, 'name'],
      [{ name: 'میزبان' }, 'name'],
      [{ capacity: '-1' }, 'capacity'],
      [{ driver: 'vmware' }, 'driver'],
      [{ location_id: 99_999 }, 'location_id'],
      [{ settings: { url: 'not a url', token_id: 'x', node: 'pve1' } }, 'settings.url'],
      [
        { settings: { url: 'https://pve.example.com:8006', token_id: 'root@pam!rf', node: 'pve1' } },
        'settings.token_secret',
      ],
      [{ driver: 'simulated', settings: { failure_rate: '2' } }, 'settings.failure_rate'],
    ];
    for (const [overrides, field] of cases) {
      await admin.post('/admin/resources', host({ name: 'thr1-gpu-10', ...overrides }), {
        referer: '/admin/resources/create',
      });
      expect((await admin.errorsOn('/admin/resources/create'))[field], JSON.stringify(overrides)).toMatch(
        PERSIAN,
      );
    }
    expect((await db().select({ n: count() }).from(resources))[0]!.n).toBe(before);
  });

  it('adds a port range, skipping and counting taken pairs; refuses reversed, out-of-range and huge ranges', async () => {
    const row = await hostNamed('thr1-gpu-09');
    const range = {
      resource_id: row.id,
      public_ip: '185.213.10.29',
      from_port: '40000',
      to_port: '40099',
      target_port: '3389',
      protocol: 'tcp',
    };
    await admin.post('/admin/ports', range, { referer: '/admin/ports' });
    expect(await portCount(row.id)).toBe(100);
    await admin.post('/admin/ports', { ...range, to_port: '40104' }, { referer: '/admin/ports' });
    const page = await admin.page(`/admin/ports?resource=${row.id}`);
    expect(page.props.flash.success).toBe('۵ پورت افزوده شد؛ ۱۰۰ پورت از قبل وجود داشت و کنار گذاشته شد.');
    expect(page.props.ports.meta.total).toBe(105);
    expect(page.props.ports.data[0]).toMatchObject({
      public_port: 40_000,
      status: 'free',
      host: 'thr1-gpu-09',
    });

    for (const [overrides, field] of [
      [{ from_port: '41000', to_port: '40990' }, 'to_port'],
      [{ from_port: '80', to_port: '90' }, 'from_port'],
      [{ from_port: '50000', to_port: '51500' }, 'to_port'],
      [{ to_port: '70000' }, 'to_port'],
      [{ public_ip: '300.1.1.1' }, 'public_ip'],
    ] as const) {
      await admin.post('/admin/ports', { ...range, ...overrides }, { referer: '/admin/ports' });
      expect((await admin.errorsOn('/admin/ports'))[field], JSON.stringify(overrides)).toMatch(PERSIAN);
    }
    expect(await portCount(row.id)).toBe(105);
  });

  it('disables, notes, releases only a port whose machine is gone, and deletes only free ports', async () => {
    const row = await hostNamed('thr1-gpu-09');
    const [port] = await db()
      .select()
      .from(ports)
      .where(and(eq(ports.resourceId, row.id), eq(ports.publicPort, 40_001)));
    await admin.request(
      'PATCH',
      `/admin/ports/${port!.id}`,
      { notes: 'رزرو برای آزمون', status: 'disabled' },
      { referer: '/admin/ports' },
    );
    expect((await db().select().from(ports).where(eq(ports.id, port!.id)))[0]).toMatchObject({
      status: 'disabled',
      notes: 'رزرو برای آزمون',
    });

    // A port held by a live demo machine cannot be released or deleted.
    const [held] = await db().select().from(ports).where(eq(ports.status, 'bound')).limit(1);
    await admin.request('PATCH', `/admin/ports/${held!.id}/release`, {}, { referer: '/admin/ports' });
    expect((await admin.errorsOn('/admin/ports')).release).toMatch(PERSIAN);
    await admin.request('DELETE', `/admin/ports/${held!.id}`, {}, { referer: '/admin/ports' });
    expect((await admin.errorsOn('/admin/ports')).delete).toMatch(PERSIAN);
    expect((await db().select().from(ports).where(eq(ports.id, held!.id)))[0]!.status).toBe('bound');

    await admin.request('DELETE', `/admin/ports/${port!.id}`, {}, { referer: '/admin/ports' });
    expect(await db().select().from(ports).where(eq(ports.id, port!.id))).toEqual([]);
  });

  it('puts a host in maintenance (no new machines) and deletes only a host without machines', async () => {
    const row = await hostNamed('thr1-gpu-09');
    await admin.request(
      'PATCH',
      `/admin/resources/${row.id}/maintenance`,
      { on: true },
      { referer: '/admin/resources' },
    );
    expect((await hostNamed('thr1-gpu-09')).status).toBe('maintenance');
    await admin.request(
      'PATCH',
      `/admin/resources/${row.id}/maintenance`,
      { on: false },
      { referer: '/admin/resources' },
    );
    expect((await hostNamed('thr1-gpu-09')).status).toBe('available');

    const busy = await hostNamed('thr1-gpu-01');
    await admin.request('DELETE', `/admin/resources/${busy.id}`, {}, { referer: '/admin/resources' });
    expect((await admin.errorsOn('/admin/resources')).delete).toMatch(/سرور دارد/);
    await admin.request('DELETE', `/admin/resources/${row.id}`, {}, { referer: '/admin/resources' });
    expect(await db().select().from(resources).where(eq(resources.id, row.id))).toEqual([]);
    expect(await portCount(row.id)).toBe(0);
  });
});
