import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { limitations } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;

/** Admin/Limitations (docs/screens.md §6). */
describe(`admin: limitations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let admin: TestBrowser;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = new TestBrowser(t, { ip: '10.80.0.1' });
    await admin.request('GET', '/login');
    await admin.request('POST', '/__testing/sign-in', { email: 'admin@renderfarm.test' });
  });
  afterAll(() => t.close());

  it('lists a global rule for every limit, in words, filterable by key', async () => {
    const page = await admin.page('/admin/limitations');
    expect(page.component).toBe('Admin/Limitations/List');
    expect(page.props.limitations.filter((l: { scope: string }) => l.scope === 'global')).toHaveLength(6);
    expect(page.props.limitations[0].key_label).toMatch(PERSIAN);
    const one = await admin.page('/admin/limitations?key=max_running&scope=nonsense');
    expect(one.props.limitations.every((l: { key: string }) => l.key === 'max_running')).toBe(true);
  });

  it('sets a limit for one customer named by e-mail, stored by id, and previews what applies to them', async () => {
    await admin.post('/admin/limitations', {
      scope: 'user',
      subject: 'customer@renderfarm.test',
      key: 'max_running',
      value: '1',
    });
    const [customer] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    const [rule] = await db()
      .select()
      .from(limitations)
      .where(and(eq(limitations.scope, 'user'), eq(limitations.key, 'max_running')));
    expect(rule).toMatchObject({ subject: String(customer!.id), value: 1 });
    const edit = await admin.page(`/admin/limitations/${rule!.id}/edit?user=09120000000`);
    expect(edit.props.preview).toMatchObject({ value: 1, scope: 'user', user: { id: customer!.id } });
    expect(edit.props.limitation.subject_label).toContain(customer!.name);
  });

  it('refuses an unknown key, a negative value, a missing subject, a duplicate rule, under the field', async () => {
    const before = (await db().select().from(limitations)).length;
    for (const [body, field] of [
      [{ scope: 'global', key: 'max_gpus', value: '1' }, 'key'],
      [{ scope: 'global', key: 'max_running', value: '-1' }, 'value'],
      [{ scope: 'user', subject: '', key: 'max_running', value: '1' }, 'subject'],
      [{ scope: 'user', subject: 'nobody@example.com', key: 'max_running', value: '1' }, 'subject'],
      [{ scope: 'role', subject: 'boss', key: 'max_running', value: '1' }, 'subject'],
      [{ scope: 'global', key: 'max_running', value: '2' }, 'key'],
    ] as const) {
      await admin.post('/admin/limitations', body, { referer: '/admin/limitations/create' });
      expect((await admin.errorsOn('/admin/limitations/create'))[field], JSON.stringify(body)).toMatch(
        PERSIAN,
      );
    }
    expect((await db().select().from(limitations)).length).toBe(before);
  });
});
