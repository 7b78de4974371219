import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { createWorker } from '../../platform/jobs/worker';
import { readMail } from '../../platform/mail';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { notifications } from '../notifications/tables';
import { users } from '../users/tables';
import { ticketMessages, tickets } from './tables';

const NOTE = 'یادداشت داخلی محرمانه: میزبان thr2 را جابه‌جا کنید';
const ANSWER = 'سلام، درایور کارت گرافیک به‌روز شد؛ دوباره امتحان کنید.';

/**
 * The care and admin desks (docs/screens.md §5–6, issue 13): queue, thread with internal notes,
 * staff reply (answered + notice), fields, tickets for a customer, spam and delete; and a
 * customer never reads an internal note in any page, JSON answer, realtime payload or mail.
 */
describe(`ticket desk (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let care: TestBrowser;
  let admin: TestBrowser;
  let customerId: number;
  let careId: number;
  let uuid: string;
  const published: BroadcastEvent[] = [];
  const db = () => t.database.db;
  const idOf = async (email: string) =>
    (await db().select().from(users).where(eq(users.email, email)))[0]!.id;

  beforeAll(async () => {
    t = await createAuthTestApp();
    vi.spyOn(t.app.broadcaster, 'publish').mockImplementation(async (event) => {
      published.push(event);
    });
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.96.0.1' });
    care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.96.0.2' });
    admin = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.96.0.3' });
    customerId = await idOf('customer@renderfarm.test');
    careId = await idOf('care@renderfarm.test');
    const res = await customer.post('/panel/tickets', {
      department: 'فنی',
      priority: 'high',
      subject: 'رندر بلندر متوقف می‌شود',
      message: 'پس از ده فریم رندر می‌ایستد.',
    });
    uuid = /\/panel\/tickets\/([0-9a-f-]{36})$/.exec(res.headers.location as string)![1]!;
  });
  afterAll(() => t.close());

  it('shows a new customer ticket and a guest ticket from the contact form in the care queue', async () => {
    const guest = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.96.0.9' });
    await guest.request('POST', '/logout');
    published.length = 0;
    await t.app.services.support.openGuestTicket(
      {
        name: 'بازدیدکننده',
        email: 'guest@example.com',
        department: 'فروش',
        subject: 'قیمت پلن‌ها',
        message: 'سلام',
      },
      {},
    );
    // The queue heard of it live: a count, nothing of the message.
    expect(published).toEqual([
      { channels: 'private-care', event: 'QueueChanged', data: { tickets_open: expect.any(Number) } },
    ]);
    const page = await care.page('/care/tickets');
    expect(page.component).toBe('Care/Tickets/List');
    const subjects = page.props.tickets.data.map((r: { subject: string }) => r.subject);
    expect(subjects).toContain('رندر بلندر متوقف می‌شود');
    expect(subjects).toContain('قیمت پلن‌ها');
    expect(
      page.props.tickets.data.find((r: { subject: string }) => r.subject === 'قیمت پلن‌ها').customer,
    ).toEqual({
      name: 'بازدیدکننده',
      guest: true,
    });
    expect(page.props.counts.waiting).toBeGreaterThanOrEqual(2);
    expect(page.props.counts).not.toHaveProperty('spam');
    const filtered = await care.page('/care/tickets?department=%D9%81%D8%B1%D9%88%D8%B4&priority=medium');
    expect(filtered.props.tickets.data.every((r: { department: string }) => r.department === 'فروش')).toBe(
      true,
    );
    const found = await care.page(`/care/tickets?tab=all&q=${encodeURIComponent('بلندر')}`);
    expect(found.props.tickets.data.map((r: { uuid: string }) => r.uuid)).toEqual([uuid]);
    // A public answer to the guest goes by mail (they have no panel); a note never does.
    const guestTicket = page.props.tickets.data.find((r: { subject: string }) => r.subject === 'قیمت پلن‌ها');
    await care.post(`/care/tickets/${guestTicket.uuid}/messages`, {
      message: 'یادداشت محرمانه دربارهٔ مهمان',
      internal: true,
    });
    await care.post(`/care/tickets/${guestTicket.uuid}/messages`, { message: 'پلن RTX 4090 مناسب است.' });
    const toGuest = await readMail(t.storageDir, 'guest@example.com');
    expect(toGuest.map((m) => m.text).join('\n')).toContain('پلن RTX 4090 مناسب است.');
    expect(toGuest.map((m) => m.text).join('\n')).not.toContain('محرمانه');
    // The staff mail links to the care desk's page of the ticket.
    const mail = (await readMail(t.storageDir)).find((m) => m.subject.includes('قیمت پلن‌ها'));
    expect(mail?.links.some((link) => /\/care\/tickets\/[0-9a-f-]{36}$/.test(link))).toBe(true);
  });

  it('adds an internal note that no customer surface carries, then a reply that answers and tells the customer', async () => {
    published.length = 0;
    const url = `/care/tickets/${uuid}`;
    const noticesBefore = (
      await db().select().from(notifications).where(eq(notifications.userId, customerId))
    ).length;
    expect((await care.post(`${url}/messages`, { message: NOTE, internal: true })).statusCode).toBe(303);
    let [row] = await db().select().from(tickets).where(eq(tickets.uuid, uuid));
    // A note moves nothing the customer could notice.
    expect(row!.status).toBe('open');
    expect(await db().select().from(notifications).where(eq(notifications.userId, customerId))).toHaveLength(
      noticesBefore,
    );

    const staffView = await care.page(url);
    expect(staffView.props.ticket.messages.at(-1)).toMatchObject({ body: NOTE, internal: true });
    expect(staffView.props.customer).toMatchObject({ id: customerId, kyc_status: expect.any(String) });
    expect(staffView.props.customer.machines.length).toBeGreaterThan(0);

    expect((await care.post(`${url}/messages`, { message: ANSWER })).statusCode).toBe(303);
    [row] = await db().select().from(tickets).where(eq(tickets.uuid, uuid));
    expect(row).toMatchObject({ status: 'answered', assigneeId: careId });

    const panel = await customer.page(`/panel/tickets/${uuid}`);
    expect(panel.props.ticket.status).toBe('answered');
    expect(panel.props.ticket.messages.map((m: { body: string }) => m.body)).toContain(ANSWER);
    expect(panel.props.unread_notifications).toBeGreaterThan(0);

    // Run the notice's mail job: the customer's mail has the answer's notice, never the note.
    await createWorker({ db: db(), handlers: t.app.jobHandlers }).drain();
    const mails = await readMail(t.storageDir, 'customer@renderfarm.test');
    expect(mails.some((m) => m.subject.includes('رندر بلندر متوقف می‌شود'))).toBe(true);

    const apiToken = (
      await t.app.services.apiTokens.create(customerId, { name: 'notes', abilities: ['read'] })
    ).plainText;
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tickets?per_page=100',
      headers: { authorization: `Bearer ${apiToken}` },
    });
    const surfaces = [
      JSON.stringify(panel.props),
      JSON.stringify((await customer.page('/panel/tickets')).props),
      JSON.stringify((await customer.page('/panel')).props),
      JSON.stringify((await customer.page('/panel/notifications')).props),
      api.body,
      JSON.stringify(published),
      ...mails.map((m) => `${m.subject}\n${m.text}\n${m.html}`),
    ];
    for (const surface of surfaces) expect(surface).not.toContain('محرمانه');
    // Every realtime payload is three facts and no text.
    for (const event of published.filter((e) => e.event === 'TicketUpdated')) {
      expect(Object.keys(event.data as object).sort()).toEqual(['last_message_at', 'status', 'uuid']);
      expect(event.channels).toEqual([`private-tickets.${uuid}`, `private-users.${customerId}`]);
    }
  });

  it('updates status, priority, department and assignee, and refuses a bad department or a customer as assignee', async () => {
    const url = `/care/tickets/${uuid}`;
    expect(
      (
        await care.request('PATCH', url, {
          status: 'on_hold',
          priority: 'low',
          department: 'مالی',
          assignee_id: '',
        })
      ).statusCode,
    ).toBe(303);
    let [row] = await db().select().from(tickets).where(eq(tickets.uuid, uuid));
    expect(row).toMatchObject({ status: 'on_hold', priority: 'low', department: 'مالی', assigneeId: null });
    expect((await care.request('PATCH', url, { assignee_id: 'me' })).statusCode).toBe(303);
    [row] = await db().select().from(tickets).where(eq(tickets.uuid, uuid));
    expect(row!.assigneeId).toBe(careId);

    await care.request('PATCH', url, { department: 'هیچ‌جا' }, { referer: url });
    expect((await care.errorsOn(url)).department).toContain('بخش');
    await care.request('PATCH', url, { assignee_id: String(customerId) }, { referer: url });
    expect((await care.errorsOn(url)).assignee_id).toContain('همکاران');
    await care.request('PATCH', url, { status: 'lost' }, { referer: url });
    expect((await care.errorsOn(url)).status).toBeTruthy();

    // Closing and the customer's reply reopen it as «customer_reply».
    await care.request('PATCH', url, { status: 'closed' });
    [row] = await db().select().from(tickets).where(eq(tickets.uuid, uuid));
    expect(row!.closedAt).not.toBeNull();
    await customer.post(`/panel/tickets/${uuid}/messages`, { message: 'هنوز مشکل دارم', reopen: true });
    [row] = await db().select().from(tickets).where(eq(tickets.uuid, uuid));
    expect(row).toMatchObject({ status: 'customer_reply', closedAt: null });
  });

  it('opens a ticket for a customer, who is told; refuses a staff member or nobody as the customer', async () => {
    const make = await care.page(`/care/tickets/create?user=${customerId}`);
    expect(make.props.customer).toMatchObject({ id: customerId });
    const search = await care.page('/care/tickets/create?q=customer%40renderfarm');
    expect(search.props.user_options.map((u: { id: number }) => u.id)).toContain(customerId);

    const res = await care.post('/care/tickets', {
      user_id: customerId,
      department: 'مالی',
      priority: 'medium',
      subject: 'پیگیری تماس تلفنی دربارهٔ فاکتور',
      message: 'طبق تماس امروز، فاکتور مهر اصلاح شد.',
    });
    expect(res.statusCode).toBe(303);
    const created = /\/care\/tickets\/([0-9a-f-]{36})$/.exec(res.headers.location as string)![1]!;
    const [row] = await db().select().from(tickets).where(eq(tickets.uuid, created));
    expect(row).toMatchObject({ userId: customerId, status: 'answered', assigneeId: careId });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerId), eq(notifications.url, `/panel/tickets/${created}`)));
    expect(notice?.title).toContain('پیگیری تماس تلفنی');

    await care.post(
      '/care/tickets',
      { user_id: careId, department: 'فنی', priority: 'low', subject: 'x', message: 'y' },
      {
        referer: '/care/tickets/create',
      },
    );
    expect((await care.errorsOn('/care/tickets/create')).user_id).toContain('مشتری');
    await care.post(
      '/care/tickets',
      { department: 'فنی', priority: 'low', subject: 'x', message: 'y' },
      {
        referer: '/care/tickets/create',
      },
    );
    expect((await care.errorsOn('/care/tickets/create')).user_id).toContain('مشتری');
  });

  it('lets the admin mark spam and delete; a deleted ticket is gone for care and the customer', async () => {
    const [ticket] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.userId, customerId), eq(tickets.subject, 'پیگیری تماس تلفنی دربارهٔ فاکتور')));
    const url = `/admin/tickets/${ticket!.uuid}`;
    expect((await admin.page(url)).component).toBe('Admin/Tickets/Edit');
    expect((await admin.request('PATCH', `${url}/spam`, { spam: true })).statusCode).toBe(303);
    const spam = await admin.page('/admin/tickets?tab=spam');
    expect(spam.props.tickets.data.map((r: { uuid: string }) => r.uuid)).toContain(ticket!.uuid);
    expect(
      (await care.page('/care/tickets?tab=all')).props.tickets.data.map((r: { uuid: string }) => r.uuid),
    ).not.toContain(ticket!.uuid);

    expect((await admin.request('DELETE', url)).statusCode).toBe(303);
    expect((await care.request('GET', `/care/tickets/${ticket!.uuid}`)).statusCode).toBe(404);
    expect((await customer.request('GET', `/panel/tickets/${ticket!.uuid}`)).statusCode).toBe(404);
    const deleted = await admin.page('/admin/tickets?tab=deleted');
    expect(deleted.props.tickets.data.map((r: { uuid: string }) => r.uuid)).toContain(ticket!.uuid);
    // Care cannot reach the admin's marks.
    expect((await care.request('PATCH', `${url}/spam`, { spam: false })).statusCode).not.toBe(303);
  });

  it('keeps the desk and the staff channels from customers, and a ticket channel from other customers', async () => {
    // A customer is refused the staff desk before anything is read (the walk checks every route).
    expect((await customer.request('GET', `/care/tickets/${uuid}`)).statusCode).toBe(404);
    expect(
      (await customer.request('POST', `/care/tickets/${uuid}/messages`, { message: 'x' })).statusCode,
    ).toBe(404);
    expect(await db().select().from(ticketMessages).where(eq(ticketMessages.body, 'x'))).toEqual([]);
    const auth = (browser: TestBrowser, channel: string) =>
      browser.request('POST', '/broadcasting/auth', { socket_id: '123.456', channel_name: channel });
    expect((await auth(customer, `private-tickets.${uuid}`)).statusCode).toBe(200);
    expect((await auth(care, `private-tickets.${uuid}`)).statusCode).toBe(200);
    expect((await auth(customer, 'private-care')).statusCode).toBe(403);
    expect((await auth(care, 'private-care')).statusCode).toBe(200);
    expect((await auth(customer, `presence-care.tickets.${uuid}`)).statusCode).toBe(403);
    const presence = await auth(care, `presence-care.tickets.${uuid}`);
    expect(presence.statusCode).toBe(200);
    expect(JSON.parse(presence.json().channel_data)).toEqual({
      user_id: careId,
      user_info: { name: expect.any(String) },
    });

    const [otherTicket] = await db()
      .insert(tickets)
      .values({ guestName: 'مهمان', guestEmail: 'g@example.com', subject: 'دیگری', department: 'فنی' })
      .returning();
    expect((await auth(customer, `private-tickets.${otherTicket!.uuid}`)).statusCode).toBe(403);
    expect((await customer.request('GET', `/panel/tickets/${otherTicket!.uuid}`)).statusCode).toBe(404);
  });
});
