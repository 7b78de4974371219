import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, TestBrowser } from '../auth/test-support';
import { configChanges, configs } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;

/** Admin/Configs (docs/screens.md §6). */
describe(`admin: site settings (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  const db = () => t.database.db;
  const value = async (key: string) =>
    (await db().select().from(configs).where(eq(configs.key, key)))[0]?.value;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = new TestBrowser(t, { ip: '10.95.0.1' });
    await admin.request('GET', '/login');
    await admin.request('POST', '/__testing/sign-in', { email: 'admin@renderfarm.test' });
    await admin.request('POST', '/user/confirm-password', { password: 'password' });
  });
  afterAll(() => t.close());

  it('lists settings by group; known keys keep their type and range, with Persian errors and nothing changed', async () => {
    const page = await admin.page('/admin/configs');
    expect(page.props.groups.map((g: { group: string }) => g.group)).toContain('billing');
    const edit = '/admin/configs/vat_rate/edit';
    const base = { key: 'vat_rate', group: 'billing', type: 'percent', is_public: true };
    await admin.request('PUT', '/admin/configs/vat_rate', { ...base, value: '400' }, { referer: edit });
    expect((await admin.errorsOn(edit)).value).toMatch(PERSIAN);
    await admin.request(
      'PUT',
      '/admin/configs/vat_rate',
      { ...base, type: 'string', value: 'ده' },
      { referer: edit },
    );
    expect((await admin.errorsOn(edit)).type).toMatch(PERSIAN);
    expect(await value('vat_rate')).toBe(10);

    await admin.request('PUT', '/admin/configs/vat_rate', { ...base, value: '۹' }, { referer: edit });
    expect(await value('vat_rate')).toBe(9);
    // The public settings every page shares follow at once (the shared cache was dropped).
    expect((await admin.page('/admin/configs')).props.settings.vat_rate).toBe(9);
    const history = (await admin.page(edit)).props.history;
    expect(history[0]).toMatchObject({ old_value: 10, new_value: 9, actor: 'مدیر سامانه' });
    // The staff audit names the setting by its Persian label, its key beside it.
    const audit = (await admin.page('/admin/audit')).props.items.data[0];
    expect(audit.subject).toMatchObject({
      label: 'تنظیم',
      name: 'نرخ مالیات بر ارزش افزوده (٪)',
      code: 'vat_rate',
    });
  });

  it('stores a secret encrypted, shows it masked everywhere, keeps it when left empty', async () => {
    const secret = 'zarinpal-merchant-0000-super-secret';
    await admin.post('/admin/configs', {
      key: 'zarinpal_merchant_id',
      group: 'payments',
      type: 'secret',
      value: secret,
    });
    const stored = await value('zarinpal_merchant_id');
    expect(JSON.stringify(stored)).not.toContain(secret);
    const pages = [
      await admin.page('/admin/configs'),
      await admin.page('/admin/configs/zarinpal_merchant_id/edit'),
    ];
    for (const page of pages) expect(JSON.stringify(page.props)).not.toContain(secret);
    await admin.request('PUT', '/admin/configs/zarinpal_merchant_id', {
      key: 'zarinpal_merchant_id',
      group: 'payments',
      type: 'secret',
      value: '',
    });
    expect(await value('zarinpal_merchant_id')).toEqual(stored);
    const changes = await db()
      .select()
      .from(configChanges)
      .where(eq(configChanges.key, 'zarinpal_merchant_id'));
    expect(JSON.stringify(changes)).not.toContain(secret);
  });

  it('refuses bad JSON, a taken key, deleting a key the code reads; deletes an unknown one', async () => {
    await admin.post(
      '/admin/configs',
      { key: 'extra_note', group: 'general', type: 'json', value: '{bad' },
      { referer: '/admin/configs/create' },
    );
    expect((await admin.errorsOn('/admin/configs/create')).value).toMatch(PERSIAN);
    await admin.post(
      '/admin/configs',
      { key: 'site_name', group: 'general', type: 'string', value: 'x' },
      { referer: '/admin/configs/create' },
    );
    expect((await admin.errorsOn('/admin/configs/create')).key).toMatch(PERSIAN);
    await admin.request('DELETE', '/admin/configs/vat_rate', {}, { referer: '/admin/configs' });
    expect((await admin.errorsOn('/admin/configs')).delete).toMatch(PERSIAN);
    await admin.post('/admin/configs', {
      key: 'extra_note',
      group: 'general',
      type: 'string',
      value: 'یادداشت',
    });
    await admin.request('DELETE', '/admin/configs/extra_note', {}, { referer: '/admin/configs' });
    expect(await value('extra_note')).toBeUndefined();
  });
});
