import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { createTestApp, type TestApp } from '../../testing/app';
import { activityLog } from '../activity/tables';
import { hardwares, images, limitations, locations } from '../catalog/tables';
import { instances } from '../instances/tables';
import { users } from '../users/tables';
import { ticketMessages, tickets } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;
const VALID = {
  department: 'فنی',
  priority: 'high',
  subject: 'سرور بالا نمی‌آید',
  message: 'از صبح وصل نمی‌شود.',
};

describe('customer JSON API: tickets', () => {
  let t: TestApp;
  let customerId: number;
  let otherId: number;
  let tokens: { full: string; readOnly: string; other: string };
  let ownInstance: string;
  let foreignInstance: string;
  const published: BroadcastEvent[] = [];

  const api = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as never }),
    });
  const ticketCount = async () => (await t.database.db.select({ n: count() }).from(tickets))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customerId = customer!.id;
    const [other] = await db
      .insert(users)
      .values({ name: 'مشتری دیگر', email: 'other@example.test', emailVerifiedAt: new Date() })
      .returning();
    otherId = other!.id;
    const create = async (userId: number, abilities: string[]) =>
      (await t.app.services.apiTokens.create(userId, { name: 'test', abilities })).plainText;
    tokens = {
      full: await create(customerId, ['read', 'create']),
      readOnly: await create(customerId, ['read']),
      other: await create(otherId, ['read', 'create']),
    };
    const [hardware] = await db.select().from(hardwares).limit(1);
    const [location] = await db.select().from(locations).limit(1);
    const [image] = await db.select().from(images).limit(1);
    const machine = (userId: number, name: string) => ({
      userId,
      name,
      hardwareId: hardware!.id,
      locationId: location!.id,
      imageId: image!.id,
      pricePerHour: hardware!.pricePerHour,
    });
    const rows = await db
      .insert(instances)
      .values([machine(customerId, 'render-01'), machine(otherId, 'render-02')])
      .returning();
    ownInstance = rows[0]!.uuid;
    foreignInstance = rows[1]!.uuid;
    // The app has no realtime server in tests: record what it would have published.
    vi.spyOn(t.app.broadcaster, 'publish').mockImplementation(async (event) => {
      published.push(event);
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.database.db.delete(limitations);
  });

  it('opens a ticket with its first message, logs it and tells the owner after the commit', async () => {
    published.length = 0;
    const res = await api(tokens.full, 'POST', '/api/v1/tickets', { ...VALID, instance: ownInstance });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      subject: VALID.subject,
      department: 'فنی',
      priority: 'high',
      status: 'open',
      instance: ownInstance,
      closed_at: null,
    });
    expect(data.messages).toEqual([
      expect.objectContaining({ author: 'customer', author_name: 'علی رضایی', body: VALID.message }),
    ]);

    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.uuid, data.uuid));
    expect(row).toMatchObject({ userId: customerId, guestName: null, subject: VALID.subject });
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.event, 'ticket:opened'), eq(activityLog.subjectId, String(row!.id))));
    expect(entry).toMatchObject({ actorId: customerId, subjectType: 'ticket' });
    expect(entry!.properties).toMatchObject({ via: 'api', department: 'فنی' });
    expect(published).toEqual([
      {
        channels: [`private-tickets.${data.uuid}`, `private-users.${customerId}`],
        event: 'TicketUpdated',
        data: { uuid: data.uuid, status: 'open', last_message_at: data.last_message_at },
      },
      // The care queue hears of the new ticket (a count, nothing of the message).
      { channels: 'private-care', event: 'QueueChanged', data: { tickets_open: expect.any(Number) } },
    ]);
  });

  it('lists only the token owner’s tickets, filtered by status and paged like items', async () => {
    expect(
      (await api(tokens.other, 'POST', '/api/v1/tickets', { ...VALID, subject: 'تیکت دیگری' })).statusCode,
    ).toBe(201);
    await api(tokens.full, 'POST', '/api/v1/tickets', { ...VALID, subject: 'دومی', priority: 'low' });

    const mine = (await api(tokens.readOnly, 'GET', '/api/v1/tickets')).json();
    expect(mine.data.length).toBeGreaterThanOrEqual(2);
    expect(mine.data.map((x: { subject: string }) => x.subject)).not.toContain('تیکت دیگری');
    const ownUuids = (await t.database.db.select().from(tickets).where(eq(tickets.userId, customerId))).map(
      (r) => r.uuid,
    );
    for (const ticket of mine.data) expect(ownUuids).toContain(ticket.uuid);
    expect(mine.meta).toEqual({ page: 1, per_page: 25, has_more: false });
    // Most recent activity first.
    expect(mine.data[0].subject).toBe('دومی');

    const paged = (await api(tokens.full, 'GET', '/api/v1/tickets?per_page=1&page=2')).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 2, per_page: 1 });

    await t.database.db.update(tickets).set({ status: 'answered' }).where(eq(tickets.subject, 'دومی'));
    const answered = (await api(tokens.full, 'GET', '/api/v1/tickets?status=answered')).json();
    // «دومی» and the demo ticket care answered, most recent first; nothing of another status.
    expect(answered.data.map((x: { subject: string }) => x.subject)).toEqual([
      'دومی',
      'قطع و وصل شدن ریموت دسکتاپ هنگام رندر',
    ]);
    expect(new Set(answered.data.map((x: { status: string }) => x.status))).toEqual(new Set(['answered']));
    expect(
      (await api(tokens.full, 'GET', '/api/v1/tickets?status=closed'))
        .json()
        .data.map((x: { subject: string }) => x.subject),
    ).toEqual(['فاکتور رسمی برای شارژ کیف پول']);

    for (const query of ['status=nope', 'per_page=1000', 'page=0', 'page=abc']) {
      const res = await api(tokens.full, 'GET', `/api/v1/tickets?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.values(res.json().errors as Record<string, string>)[0]).toMatch(PERSIAN);
    }
  });

  it('refuses a read-only token (403) and a missing one (401), writing nothing', async () => {
    const before = await ticketCount();
    const readOnly = await api(tokens.readOnly, 'POST', '/api/v1/tickets', VALID);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toMatch(PERSIAN);
    expect((await api(undefined, 'POST', '/api/v1/tickets', VALID)).statusCode).toBe(401);
    expect((await api(undefined, 'GET', '/api/v1/tickets')).statusCode).toBe(401);
    expect(await ticketCount()).toBe(before);
  });

  const BAD: Record<string, unknown[]> = {
    department: [undefined, '', '   ', 123, ['فنی'], { $ne: '' }, 'نامعلوم', 'Technical'],
    priority: [undefined, '', 'urgent', 1, ['high'], null],
    subject: [
      undefined,
      '',
      '   ',
      'ب'.repeat(151),
      123,
      { a: 1 },
      ['x'],
      'خط اول\nخط دوم',
      'زنگ\u0007',
      'وارونه \u202Eمتن',
    ],
    message: [undefined, '', '\n\n', 'ب'.repeat(5_001), 42, ['a'], true, 'نال\u0000', 'وارونه \u2066متن'],
    instance: ['not-a-uuid', 42, { id: 1 }, `${'0'.repeat(8)}-0000-0000-0000-000000000000x`],
  };

  for (const [field, values] of Object.entries(BAD)) {
    it(`answers bad ${field} with a Persian field error and no ticket`, async () => {
      const before = await ticketCount();
      for (const value of values) {
        const payload: Record<string, unknown> = { ...VALID, [field]: value };
        if (value === undefined) delete payload[field];
        const res = await api(tokens.full, 'POST', '/api/v1/tickets', payload);
        const label = `${field} = ${JSON.stringify(value)}`;
        expect(res.statusCode, label).toBe(422);
        const body = res.json();
        expect(body.message, label).toMatch(PERSIAN);
        expect(Object.keys(body.errors), label).toEqual([field]);
        expect(body.errors[field], label).toMatch(PERSIAN);
      }
      expect(await ticketCount()).toBe(before);
    });
  }

  it('answers a body that does not parse as JSON, not with an HTML error page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tickets',
      headers: { authorization: `Bearer ${tokens.full}`, 'content-type': 'application/json' },
      payload: '{"subject": ',
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().errors.body).toMatch(PERSIAN);
  });

  it('answers a body that is not an object with a Persian error', async () => {
    for (const payload of ['[]', '"text"', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/tickets',
        headers: { authorization: `Bearer ${tokens.full}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(422);
      expect(res.json().errors.form).toMatch(PERSIAN);
    }
  });

  it('stores HTML and SQL exactly as typed, as plain text', async () => {
    const subject = '<script>alert(1)</script>';
    const message = "'; DROP TABLE tickets; -- <img src=x onerror=alert(1)>";
    const res = await api(tokens.full, 'POST', '/api/v1/tickets', { ...VALID, subject, message });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.uuid, res.json().data.uuid));
    expect(row!.subject).toBe(subject);
    const [first] = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, row!.id));
    expect(first!.body).toBe(message);
  });

  it('refuses a machine that is not the customer’s, or does not exist, beside the field', async () => {
    const before = await ticketCount();
    for (const instance of [foreignInstance, '11111111-2222-4333-8444-555555555555']) {
      const res = await api(tokens.full, 'POST', '/api/v1/tickets', { ...VALID, instance });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'RF_SUPPORT_INSTANCE_NOT_FOUND',
        errors: { instance: 'این سرور در میان سرورهای شما پیدا نشد.' },
      });
    }
    expect(await ticketCount()).toBe(before);
  });

  it('refuses a new ticket at max_open_tickets, counting every status but closed', async () => {
    const db = t.database.db;
    const open = async () =>
      (await db.select().from(tickets).where(eq(tickets.userId, customerId))).filter(
        (r) => r.status !== 'closed',
      );
    const openNow = (await open()).length;
    expect(openNow).toBeGreaterThan(0);
    await db.insert(limitations).values({ scope: 'global', key: 'max_open_tickets', value: openNow });

    const before = await ticketCount();
    const refused = await api(tokens.full, 'POST', '/api/v1/tickets', VALID);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('RF_SUPPORT_OPEN_TICKETS_LIMIT');
    expect(refused.json().message).toContain(new Intl.NumberFormat('fa-IR').format(openNow));
    expect(await ticketCount()).toBe(before);

    // Answered and on-hold tickets still count; closing one makes room.
    const [first] = await open();
    await db.update(tickets).set({ status: 'on_hold' }).where(eq(tickets.id, first!.id));
    expect((await api(tokens.full, 'POST', '/api/v1/tickets', VALID)).statusCode).toBe(422);
    await db.update(tickets).set({ status: 'closed', closedAt: new Date() }).where(eq(tickets.id, first!.id));
    expect((await api(tokens.full, 'POST', '/api/v1/tickets', VALID)).statusCode).toBe(201);

    // A limit on one user beats the global one; another customer is not limited by it.
    await db
      .insert(limitations)
      .values({ scope: 'user', subject: String(customerId), key: 'max_open_tickets', value: 0 });
    const closed = await api(tokens.full, 'POST', '/api/v1/tickets', VALID);
    expect(closed.json().message).toMatch(/بسته است/);
    expect((await api(tokens.other, 'POST', '/api/v1/tickets', VALID)).statusCode).toBe(201);
  });
});
