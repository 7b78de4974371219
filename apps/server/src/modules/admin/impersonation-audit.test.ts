import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '../../http/route-helpers';
import { recordActivity } from '../activity/service';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';

/**
 * Impersonation (customers only, confirm, 409, banner prop, owner-only actions refused, every
 * action logged with both people) and Admin/Audit (staff actions with actor, subject, IP; filters;
 * CSV with a BOM and formula cells escaped; no route changes an entry).
 */
describe(`admin: impersonation and audit (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  let adminId: number;
  let customerId: number;
  let careId: number;
  const db = () => t.database.db;
  const idOf = async (email: string) =>
    (await db().select().from(users).where(eq(users.email, email)))[0]!.id;
  const entries = (event: string) =>
    db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.event, event), eq(activityLog.subjectId, String(customerId))));

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.96.0.1' });
    adminId = await idOf('admin@renderfarm.test');
    customerId = await idOf('customer@renderfarm.test');
    careId = await idOf('care@renderfarm.test');
  });
  afterAll(() => t.close());

  it('refuses staff, oneself and care users; answers 409 and shows the banner for a customer', async () => {
    await admin.visit('POST', `/admin/users/${careId}/impersonate`);
    expect((await admin.page(`/admin/users/${careId}/edit`)).props.flash.error).toBe(
      'فقط به‌جای مشتریان می‌توان وارد شد، نه کارکنان.',
    );
    await admin.visit('POST', `/admin/users/${adminId}/impersonate`);
    expect((await admin.page(`/admin/users/${adminId}/edit`)).props.flash.error).toBe(
      'نمی‌توانید به‌جای خودتان وارد شوید.',
    );
    const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.96.0.2' });
    const refused = await care.visit('POST', `/admin/users/${customerId}/impersonate`);
    expect(refused.statusCode).toBe(404);
    expect(await entries('admin:impersonation.started')).toHaveLength(0);

    const res = await admin.visit('POST', `/admin/users/${customerId}/impersonate`);
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/panel');
    const panel = await admin.page('/panel');
    expect(panel.props.auth.user.id).toBe(customerId);
    expect(panel.props.impersonation).toEqual({ admin_name: 'مدیر سامانه', user_name: 'علی رضایی' });
    // Customer routes only now: the admin area is not advertised.
    expect(Object.keys(panel.props.routes.routes)).not.toContain('admin.dash');
    expect((await admin.request('GET', '/admin')).statusCode).toBe(404);
    const [started] = await entries('admin:impersonation.started');
    expect(started).toMatchObject({ actorId: adminId, ipAddress: '10.96.0.1' });
  });

  it('keeps payments, password, 2FA, tokens and deletion from the impersonator; logs every action with both', async () => {
    for (const [method, url] of [
      ['GET', '/panel/payments/create'],
      ['POST', '/panel/payments'],
      ['PUT', '/user/password'],
      ['POST', '/user/two-factor-authentication'],
      ['POST', '/user/api-tokens'],
      ['DELETE', '/user'],
      ['POST', '/user/confirm-password'],
      ['POST', '/logout'],
    ] as const) {
      const res = await admin.request(method, url, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.headers['x-refused']).toBe('impersonating');
    }
    expect((await db().select().from(users).where(eq(users.id, customerId)))[0]!.deletedAt).toBeNull();

    const before = (await entries('admin:impersonation.action')).length;
    await admin.request('POST', '/panel/notifications/read-all', {});
    const actions = await entries('admin:impersonation.action');
    expect(actions).toHaveLength(before + 1);
    expect(actions.at(-1)).toMatchObject({
      actorId: adminId,
      ipAddress: '10.96.0.1',
      properties: { route: 'panel.notifications.read-all', method: 'POST', as_user: customerId },
    });
  });

  it('names the admin in every entry written with the request context while impersonating', async () => {
    const session = new Map<string, unknown>([
      [
        'admin.impersonator',
        { adminId, adminName: 'مدیر', userId: customerId, userName: 'علی', at: Date.now() },
      ],
    ]);
    const request = {
      ip: '10.96.0.1',
      headers: {},
      user: { id: customerId },
      session: { get: (key: string) => session.get(key) },
    } as unknown as FastifyRequest;
    const context = requestContext(request);
    expect(context.impersonatorId).toBe(adminId);
    const entry = await recordActivity(db(), {
      event: 'account:profile.updated',
      actorId: customerId,
      properties: { field: 'name' },
      ...context,
    });
    expect(entry.properties).toEqual({ field: 'name', impersonator_id: adminId });
    // The same key on another user's request (a stale session value) names no one.
    const other = { ...request, user: { id: adminId } } as unknown as FastifyRequest;
    expect(requestContext(other).impersonatorId).toBeUndefined();
  });

  it('refuses a second impersonation and leaves back to the admin with a 409', async () => {
    // Signed in as the customer: the admin route is not there at all.
    expect((await admin.visit('POST', `/admin/users/${careId}/impersonate`)).statusCode).toBe(404);
    const res = await admin.visit('POST', '/impersonate/leave');
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe(`/admin/users/${customerId}/edit`);
    const back = await admin.page(`/admin/users/${customerId}/edit`);
    expect(back.props.auth.user.id).toBe(adminId);
    expect(back.props.impersonation).toBeNull();
    const [ended] = await entries('admin:impersonation.ended');
    expect(ended).toMatchObject({ actorId: adminId, ipAddress: '10.96.0.1' });
    // Leaving when not impersonating changes nothing.
    expect((await admin.visit('POST', '/impersonate/leave')).statusCode).toBe(409);
    expect((await admin.page('/admin')).props.auth.user.id).toBe(adminId);
  });

  it('lists staff actions with actor, subject, IP; filters; never the staff’s own sign-ins', async () => {
    await admin.post('/user/confirm-password', { password: 'password' });
    const form = (await admin.page(`/admin/users/${customerId}/edit`)).props.adjustment_key;
    await admin.post(`/admin/users/${customerId}/balance`, {
      amount: '1000',
      reason: '=HYPERLINK("http://evil")',
      idempotency_key: form,
    });
    const page = await admin.page('/admin/audit');
    expect(page.component).toBe('Admin/Audit');
    const rows = page.props.items.data as {
      event: string;
      actor: { id: number } | null;
      subject: { label: string } | null;
      ip: string | null;
      summary: string;
      changes: { label: string; before: { text: string } | null; after: { text: string } | null }[];
    }[];
    expect(rows.map((r) => r.event)).toEqual(
      expect.arrayContaining([
        'admin:balance.adjusted',
        'admin:impersonation.started',
        'admin:impersonation.ended',
        'admin:impersonation.action',
      ]),
    );
    expect(rows.some((r) => r.event.startsWith('auth:'))).toBe(false);
    const adjusted = rows.find((r) => r.event === 'admin:balance.adjusted' && r.ip === '10.96.0.1')!;
    expect(adjusted).toMatchObject({ actor: { id: adminId }, subject: { label: 'علی رضایی' } });
    expect(adjusted.summary).toContain('۱٬۰۰۰ تومان');
    // The balance before → after, in Toman with its unit.
    expect(adjusted.changes).toEqual([
      expect.objectContaining({
        label: 'موجودی کیف پول',
        before: expect.objectContaining({ text: expect.stringMatching(/تومان$/) }),
        after: expect.objectContaining({ text: expect.stringMatching(/تومان$/) }),
      }),
    ]);
    expect(page.props.options.actors.map((o: { value: string }) => o.value)).toContain(String(adminId));

    const only = async (query: string) =>
      ((await admin.page(`/admin/audit?${query}`)).props.items.data as { event: string }[]).map(
        (r) => r.event,
      );
    expect(new Set(await only('event=admin:impersonation.started'))).toEqual(
      new Set(['admin:impersonation.started']),
    );
    expect((await only('event=admin:')).every((e) => e.startsWith('admin:'))).toBe(true);
    expect((await only(`subject=user:${customerId}`)).length).toBeGreaterThanOrEqual(4);
    expect(await only(`actor=${careId}`)).toEqual([]);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());
    expect((await only(`from=${day}&to=${day}`)).length).toBeGreaterThanOrEqual(4);
    expect(await only('from=2020-01-01&to=2020-01-02')).toEqual([]);
    const junk = await admin.page("/admin/audit?actor=x&event=DROP%20TABLE&from=nope&subject=';--");
    expect(junk.status).toBe(200);
    expect(junk.props.filters).toMatchObject({ actor: '', event: '', from: '' });
  });

  it('exports CSV with a BOM, Jalali and ISO times, formula cells escaped', async () => {
    const res = await admin.request('GET', `/admin/audit/export?subject=user:${customerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('زمان (تهران),زمان (UTC),انجام‌دهنده,اقدام,رویداد,دربارهٔ,IP,جزئیات');
    const adjusted = lines.find((l) => l.includes('admin:balance.adjusted'))!;
    expect(adjusted).toMatch(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2}/);
    expect(adjusted).toContain('10.96.0.1');
    // The reason began with «=»: inside the details cell, never a cell of its own starting with it.
    expect(adjusted.split(',').some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
    const customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.96.0.3' });
    expect((await customer.request('GET', '/admin/audit/export')).statusCode).toBe(404);
  });

  it('shows config changes old → new with the IP, secrets only masked', async () => {
    await admin.post('/user/confirm-password', { password: 'password' });
    const base = { key: 'vat_rate', group: 'billing', type: 'percent', is_public: true };
    await admin.request('PUT', '/admin/configs/vat_rate', { ...base, value: '9' });
    const secret = 'merchant-secret-never-shown-1234';
    await admin.post('/admin/configs', {
      key: 'zarinpal_merchant_id',
      group: 'payments',
      type: 'secret',
      value: secret,
    });
    const page = await admin.page('/admin/audit?event=config:');
    const rows = page.props.items.data as {
      event: string;
      subject: { id: string };
      ip: string;
      summary: string;
      changes: { label: string; before: { text: string } | null; after: { text: string } | null }[];
    }[];
    const vat = rows.find((r) => r.subject.id === 'vat_rate')!;
    expect(vat).toMatchObject({
      event: 'config:changed',
      ip: '10.96.0.1',
      summary: 'تنظیم «نرخ مالیات بر ارزش افزوده (٪)» تغییر کرد.',
      changes: [{ label: 'مقدار', before: { text: '۱۰٪', ltr: false }, after: { text: '۹٪', ltr: false } }],
    });
    expect(rows.find((r) => r.subject.id === 'zarinpal_merchant_id')).toBeDefined();
    expect(JSON.stringify(page.props)).not.toContain(secret);
    const csv = await admin.request('GET', '/admin/audit/export?event=config:');
    expect(csv.body).not.toContain(secret);
  });

  it('has no route that edits or deletes an entry, and the log refuses it underneath', async () => {
    const audit = t.app.routeList.toZiggy(() => true) as { routes: Record<string, { methods: string[] }> };
    const auditRoutes = Object.entries(audit.routes).filter(([name]) => name.startsWith('admin.audit'));
    expect(auditRoutes.map(([name]) => name).sort()).toEqual(['admin.audit', 'admin.audit.export']);
    expect(auditRoutes.every(([, r]) => r.methods.every((m) => m === 'GET' || m === 'HEAD'))).toBe(true);
    await expect(db().execute(sql`delete from activity_log where event like 'admin:%'`)).rejects.toThrow();
  });
});
