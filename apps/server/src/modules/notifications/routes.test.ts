import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { jobs } from '../../platform/jobs/tables';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { notifications } from './tables';
import { NOTICE_MAIL_JOB, NOTICE_SMS_JOB, notify } from './user-notice';

/** Panel/Notifications (docs/screens.md §4) and the one `notify` every module calls. */
describe(`panel: notifications (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;
  const send = async (key: string, event: 'news' | 'low_balance' = 'news') => {
    const events: BroadcastEvent[] = [];
    const told = await db().transaction((tx) =>
      notify(tx, (e) => events.push(e), {
        userId: customerId,
        event,
        key,
        title: `اعلان ${key}`,
        body: 'متن اعلان',
        path: '/panel',
        action: 'دیدن',
      }),
    );
    return { told, events };
  };
  const queued = async (name: string) => (await db().select().from(jobs).where(eq(jobs.name, name))).length;

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.92.0.1' });
    customerId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
  });
  afterAll(() => t.close());

  it('lists the seed’s notifications with the unread count the bell shows', async () => {
    const page = await customer.page('/panel/notifications');
    expect(page.component).toBe('Panel/Notifications/List');
    expect(page.props.notifications.data.length).toBeGreaterThanOrEqual(4);
    expect(page.props.unread).toBe(2);
    expect(page.props.unread_notifications).toBe(2);
    const unread = await customer.page('/panel/notifications?unread=1');
    expect(unread.props.notifications.data.every((n: { read: boolean }) => !n.read)).toBe(true);
  });

  it('tells once per key, on the channels the user chose (mandatory ones always)', async () => {
    const mails = await queued(NOTICE_MAIL_JOB);
    const first = await send('test:once');
    const again = await send('test:once');
    expect(first.told).toBe(true);
    expect(again.told).toBe(false);
    expect(again.events).toEqual([]);
    expect(first.events.map((e) => e.event)).toEqual([
      'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated',
    ]);
    // News goes by e-mail only if asked for: by default it does not.
    expect(await queued(NOTICE_MAIL_JOB)).toBe(mails);

    // The customer turns news off in the bell and on by e-mail; low balance cannot be silenced.
    const res = await customer.request('PUT', '/panel/notifications/settings', {
      preferences: {
        news: { in_app: false, email: true, sms: false },
        low_balance: { in_app: false, email: false, sms: false },
      },
    });
    expect(res.statusCode).toBe(303);
    const settings = await customer.page('/panel/notifications/settings');
    const row = (e: string) => settings.props.events.find((x: { event: string }) => x.event === e);
    expect(row('news').channels).toEqual({ in_app: false, email: true, sms: false });
    expect(row('low_balance').channels).toMatchObject({ in_app: true, email: true });
    expect(row('low_balance').locked).toMatchObject({ in_app: true, email: true });

    const quiet = await send('test:quiet-news');
    expect(quiet.events).toEqual([]);
    expect(await queued(NOTICE_MAIL_JOB)).toBe(mails + 1);
    const [stored] = await db().select().from(notifications).where(eq(notifications.key, 'test:quiet-news'));
    expect(stored!.readAt).not.toBeNull();
    const loud = await send('test:low', 'low_balance');
    expect(loud.events).toHaveLength(1);
    expect(await queued(NOTICE_MAIL_JOB)).toBe(mails + 2);
    expect(await queued(NOTICE_SMS_JOB)).toBeGreaterThanOrEqual(0);
  });

  it('marks one read, all read up to the newest shown, and removes one; another user’s is 404', async () => {
    const [one] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerId), eq(notifications.key, 'test:once')));
    expect((await customer.request('PATCH', `/panel/notifications/${one!.id}/read`)).statusCode).toBe(303);
    const newest = (await customer.page('/panel/notifications')).props.notifications.data[0].id;
    await send('test:after-the-page', 'low_balance');
    await customer.post('/panel/notifications/read-all', { up_to: newest });
    const after = await customer.page('/panel/notifications?unread=1');
    expect(after.props.notifications.data.map((n: { title: string }) => n.title)).toEqual([
      'اعلان test:after-the-page',
    ]);
    expect(after.props.unread_notifications).toBe(1);

    const other = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.92.0.2' });
    expect((await other.request('PATCH', `/panel/notifications/${one!.id}/read`)).statusCode).toBe(404);
    expect((await other.request('DELETE', `/panel/notifications/${one!.id}`)).statusCode).toBe(404);
    expect((await customer.request('DELETE', `/panel/notifications/${one!.id}`)).statusCode).toBe(303);
    expect(await db().select().from(notifications).where(eq(notifications.id, one!.id))).toEqual([]);
    expect(
      (await customer.request('PATCH', '/panel/notifications/99999999999999999999/read')).statusCode,
    ).toBe(404);
  });
});
