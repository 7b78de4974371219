import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { limitations } from '../catalog/tables';
import { users } from '../users/tables';
import { ticketMessages, tickets } from './tables';

/** The customer's tickets in the panel (docs/screens.md §4): open, reply, close, rate; never a note. */
describe(`panel: tickets (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.94.0.1' });
    customerId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
  });
  afterAll(() => t.close());

  it('lists the seed’s tickets and opens a new one about an own machine', async () => {
    const list = await customer.page('/panel/tickets');
    expect(list.component).toBe('Panel/Tickets/List');
    expect(list.props.tickets.data.length).toBeGreaterThan(0);
    const make = await customer.page('/panel/tickets/create');
    expect(make.props.departments).toContain('فنی');
    const machine = make.props.machines[0].uuid;

    const res = await customer.post('/panel/tickets', {
      department: 'فنی',
      priority: 'high',
      subject: 'کند شدن رندر پس از نصب دوباره',
      message: 'سلام، از دیروز رندرها دو برابر طول می‌کشد.',
      instance: machine,
    });
    expect(res.statusCode).toBe(303);
    const uuid = /\/panel\/tickets\/([0-9a-f-]{36})$/.exec(res.headers.location as string)![1]!;
    const page = await customer.page(`/panel/tickets/${uuid}`);
    expect(page.props.ticket).toMatchObject({
      subject: 'کند شدن رندر پس از نصب دوباره',
      status: 'open',
      rating: null,
    });
    expect(page.props.ticket.machine_name).toBeTruthy();
  });

  it('never shows an internal note; a reply sets the ticket to wait on support', async () => {
    const [ticket] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.userId, customerId), eq(tickets.subject, 'کند شدن رندر پس از نصب دوباره')));
    const [staff] = await db().select().from(users).where(eq(users.email, 'care@renderfarm.test'));
    await db()
      .insert(ticketMessages)
      .values([
        {
          ticketId: ticket!.id,
          authorId: staff!.id,
          body: 'یادداشت داخلی: میزبان thr1 کند است',
          internal: true,
        },
        { ticketId: ticket!.id, authorId: staff!.id, body: 'سلام، در حال بررسی هستیم.' },
      ]);
    const page = await customer.page(`/panel/tickets/${ticket!.uuid}`);
    expect(JSON.stringify(page.props)).not.toContain('یادداشت داخلی');
    expect(page.props.ticket.messages.map((m: { author: string }) => m.author)).toEqual([
      'customer',
      'staff',
    ]);

    const reply = await customer.post(`/panel/tickets/${ticket!.uuid}/messages`, {
      message: 'ممنون، منتظرم.',
    });
    expect(reply.statusCode).toBe(303);
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(after!.status).toBe('customer_reply');
  });

  it('closes, refuses a plain reply to a closed ticket (reopen offered), rates once, and hides others’ tickets', async () => {
    const [ticket] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.userId, customerId), eq(tickets.subject, 'کند شدن رندر پس از نصب دوباره')));
    const url = `/panel/tickets/${ticket!.uuid}`;
    const early = await customer.post(`${url}/rating`, { score: 5 }, { referer: url });
    expect(early.statusCode).toBe(303);
    expect((await customer.errorsOn(url)).score).toContain('پس از بسته شدن');

    expect((await customer.request('PATCH', `${url}/close`)).statusCode).toBe(303);
    await customer.post(`${url}/messages`, { message: 'یک سؤال دیگر' }, { referer: url });
    expect((await customer.errorsOn(url)).message).toContain('باز کردن دوبارهٔ تیکت');

    expect((await customer.post(`${url}/rating`, { score: 4, comment: 'سریع بود' })).statusCode).toBe(303);
    await customer.post(`${url}/rating`, { score: 1 }, { referer: url });
    expect((await customer.errorsOn(url)).score).toContain('پیش‌تر امتیاز');
    const [rated] = await db().select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(rated).toMatchObject({ rating: 4, ratingComment: 'سریع بود', status: 'closed' });

    expect(
      (await customer.post(`${url}/messages`, { message: 'دوباره سلام', reopen: true })).statusCode,
    ).toBe(303);
    expect((await db().select().from(tickets).where(eq(tickets.id, ticket!.id)))[0]!.status).toBe(
      'customer_reply',
    );

    const other = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.94.0.2' });
    expect((await other.request('GET', url)).statusCode).toBe(404);
    expect((await other.post(`${url}/messages`, { message: 'سلام' })).statusCode).toBe(404);
    expect((await other.request('PATCH', `${url}/close`)).statusCode).toBe(404);
  });
});

describe('panel: ticket limits and bad input', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let customerId: number;
  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.94.1.1' });
    customerId = (
      await t.database.db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'))
    )[0]!.id;
  });
  afterAll(() => t.close());

  it('refuses one open ticket past max_open_tickets above the form, storing nothing', async () => {
    const open = (
      await t.database.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.userId, customerId), ne(tickets.status, 'closed')))
    ).length;
    await t.database.db
      .insert(limitations)
      .values({ scope: 'user', subject: String(customerId), key: 'max_open_tickets', value: open });
    const before = (await t.database.db.select().from(tickets)).length;
    const res = await customer.post(
      '/panel/tickets',
      { department: 'فنی', priority: 'low', subject: 'یکی بیشتر', message: 'متن' },
      { referer: '/panel/tickets/create' },
    );
    expect(res.statusCode).toBe(303);
    expect((await customer.errorsOn('/panel/tickets/create')).form).toContain('تیکت باز دارید');
    expect((await t.database.db.select().from(tickets)).length).toBe(before);
  });
});
