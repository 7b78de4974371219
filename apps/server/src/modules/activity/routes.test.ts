import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { instances } from '../instances/tables';
import { users } from '../users/tables';
import { hasActivityLabel } from './event-labels';
import { recordActivity } from './service';

/** `panel.activity.show` «گزارش فعالیت‌ها»: one's own log, staff shown as «پشتیبانی». */
describe(`panel: own activity (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.93.0.1' });
    const [owner] = await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    const [staff] = await db().select().from(users).where(eq(users.email, 'care@renderfarm.test'));
    const [machine] = await db().select().from(instances).where(eq(instances.userId, owner!.id));
    await recordActivity(db(), {
      event: 'instance:power.stop',
      actorId: staff!.id,
      subject: { type: 'instance', id: machine!.id },
      ip: '10.0.0.99',
      properties: { reason: 'تعمیر میزبان' },
    });
    await recordActivity(db(), { event: 'auth:login', actorId: staff!.id, ip: '10.0.0.98' });
  });
  afterAll(() => t.close());

  it('shows what the customer did and what staff did to their machines, without staff names or addresses', async () => {
    const page = await customer.page('/panel/activity');
    expect(page.component).toBe('Panel/Activity/Show');
    const rows = page.props.entries.data as { event: string; label: string; by: string; ip: string | null }[];
    const login = rows.find((r) => r.event === 'auth:login');
    expect(login).toMatchObject({ by: 'you', label: 'ورود به حساب', ip: '10.93.0.1' });
    const staffStop = rows.find((r) => r.event === 'instance:power.stop');
    expect(staffStop).toMatchObject({ by: 'support', ip: null, label: 'درخواست خاموش کردن سرور' });
    expect(JSON.stringify(page.props)).not.toContain('10.0.0.98');
    expect(JSON.stringify(page.props)).not.toContain('10.0.0.99');
  });

  it("labels every entry of every page of the demo customer's log in Persian, each with its own label", async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 40; page++) {
      const view = await customer.page(`/panel/activity?page=${page}`);
      const rows = view.props.entries.data as { event: string; label: string }[];
      for (const row of rows) {
        seen.push(row.event);
        expect(hasActivityLabel(row.event), row.event).toBe(true);
        expect(row.label, row.event).toMatch(/^[^:A-Za-z]+$/);
      }
      if (!view.props.entries.meta.has_more) break;
    }
    expect(new Set(seen).size).toBeGreaterThan(3);
  });

  it('filters by group and reads a junk filter as none', async () => {
    const billing = await customer.page('/panel/activity?group=instance');
    expect(billing.props.entries.data.every((r: { event: string }) => r.event.startsWith('instance:'))).toBe(
      true,
    );
    const junk = await customer.page('/panel/activity?group=../x&from=yesterday&page=-1');
    expect(junk.status).toBe(200);
    expect(junk.props.filters).toEqual({ group: '', from: '', to: '' });
  });
});
