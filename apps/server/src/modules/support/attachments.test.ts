import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password';
import { makePng, multipartBody } from '../../testing/images';
import { createAuthTestApp, logIn, type TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { ATTACHMENT_PREFIX } from './attachments';
import { ticketAttachments, ticketMessages, tickets } from './tables';

type Part = Parameters<typeof multipartBody>[0][number];

// A Windows executable ("MZ" and the DOS stub): renamed .png, it is still refused by its bytes.
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62, 0x90),
  Buffer.from('This program cannot be run'),
]);

/** Ticket attachments (docs/screens.md §4, issue 13): ≤ 10 MB, type by bytes, owner and staff only. */
describe(`ticket attachments (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customer: TestBrowser;
  let other: TestBrowser;
  let care: TestBrowser;
  let customerId: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.95.0.1' });
    care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.95.0.2' });
    customerId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
    // A second customer of their own, who must learn nothing of the first one's files.
    await db()
      .insert(users)
      .values({
        name: 'مریم دیگری',
        email: 'other-files@renderfarm.test',
        passwordHash: await hashPassword('password'),
        emailVerifiedAt: new Date(),
      });
    other = await logIn(t, 'other-files@renderfarm.test', 'password', { ip: '10.95.0.3' });
  });
  afterAll(() => t.close());

  const stored = async () => (await t.app.services.storage.list(`${ATTACHMENT_PREFIX}/`)).length;
  const ticketCount = async () =>
    (await db().select({ n: count() }).from(tickets).where(eq(tickets.userId, customerId)))[0]!.n;
  const file = (filename: string, bytes: Buffer, type = 'image/png'): Part => ({
    name: 'attachments[0]',
    filename,
    type,
    bytes,
  });
  const openWith = (parts: Part[], as: TestBrowser = customer) => {
    const { payload, headers } = multipartBody([
      { name: 'department', value: 'فنی' },
      { name: 'priority', value: 'medium' },
      { name: 'subject', value: 'خطای رندر با پیوست' },
      { name: 'message', value: 'تصویر خطا پیوست است.' },
      ...parts,
    ]);
    return as.request('POST', '/panel/tickets', payload, { ...headers, referer: '/panel/tickets/create' });
  };

  it('opens a ticket with an image, stores it under a random key and serves it to the owner as a download', async () => {
    const png = makePng(4, 3);
    const res = await openWith([file('اسکرین‌شات خطا.png', png)]);
    expect(res.statusCode).toBe(303);
    const uuid = /\/panel\/tickets\/([0-9a-f-]{36})$/.exec(res.headers.location as string)![1]!;
    const page = await customer.page(`/panel/tickets/${uuid}`);
    const [attachment] = page.props.ticket.messages[0].attachments;
    expect(attachment).toMatchObject({ name: 'اسکرین‌شات خطا.png', mime: 'image/png', size: png.length });

    const [row] = await db().select().from(ticketAttachments).where(eq(ticketAttachments.id, attachment.id));
    // The key is ours: a random uuid, nothing of the sender's name.
    expect(row!.path).toMatch(/^tickets\/[0-9a-f-]{36}$/);

    const served = await customer.request('GET', `/attachments/${attachment.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(png);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(String(served.headers['content-disposition'])).toMatch(/^attachment;/);

    // Staff may read it; another customer and a guest get the 404 of a file that does not exist.
    expect((await care.request('GET', `/attachments/${attachment.id}`)).statusCode).toBe(200);
    expect((await other.request('GET', `/attachments/${attachment.id}`)).statusCode).toBe(404);
    expect((await other.request('GET', '/attachments/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/attachments/${attachment.id}` })).statusCode).not.toBe(
      200,
    );
  });

  it.each([
    [
      'an 11 MB file',
      () => file('big.png', Buffer.concat([makePng(2, 2), Buffer.alloc(11 * 1024 * 1024)])),
      '۱۰ مگابایت',
    ],
    ['an .exe renamed .png', () => file('photo.png', EXE), 'پذیرفته نیست'],
    ['a name with ../', () => file('../../etc/passwd.png', makePng(1, 1)), 'نام فایل'],
    ['a name with a control character', () => file('bad\u0007name.png', makePng(1, 1)), 'نام فایل'],
  ])('refuses %s beside the field and stores nothing', async (_label, part, message) => {
    const [files, count] = [await stored(), await ticketCount()];
    const res = await openWith([part()]);
    expect(res.statusCode).toBe(303);
    expect((await customer.errorsOn('/panel/tickets/create')).attachments).toContain(message);
    expect(await stored()).toBe(files);
    expect(await ticketCount()).toBe(count);
  });

  it('takes attachments on a reply and through the JSON API (multipart), with the same checks', async () => {
    const [ticket] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.userId, customerId), eq(tickets.subject, 'خطای رندر با پیوست')));
    const { payload, headers } = multipartBody([
      { name: 'message', value: 'لاگ کامل پیوست شد.' },
      {
        name: 'attachments[0]',
        filename: 'render.log',
        type: 'text/plain',
        bytes: Buffer.from('frame 12: خطا\n'),
      },
      {
        name: 'attachments[1]',
        filename: 'scene.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4\n'),
      },
    ]);
    const url = `/panel/tickets/${ticket!.uuid}`;
    expect(
      (await customer.request('POST', `${url}/messages`, payload, { ...headers, referer: url })).statusCode,
    ).toBe(303);
    const page = await customer.page(url);
    expect(page.props.errors).toEqual({});
    expect(page.props.ticket.messages.at(-1).attachments.map((a: { name: string }) => a.name)).toEqual([
      'render.log',
      'scene.pdf',
    ]);

    // Someone else's ticket: a 404, and the file is not kept.
    const before = await stored();
    const foreign = multipartBody([
      { name: 'message', value: 'سلام' },
      { name: 'attachments[0]', filename: 'x.png', type: 'image/png', bytes: makePng(1, 1) },
    ]);
    expect(
      (await other.request('POST', `${url}/messages`, foreign.payload, foreign.headers)).statusCode,
    ).toBe(404);
    expect(await stored()).toBe(before);

    const token = await t.app.services.apiTokens.create(customerId, {
      name: 'پیوست',
      abilities: ['read', 'create'],
    });
    const api = (parts: Part[]) => {
      const body = multipartBody([
        { name: 'department', value: 'فنی' },
        { name: 'priority', value: 'low' },
        { name: 'subject', value: 'از API با پیوست' },
        { name: 'message', value: 'متن' },
        ...parts,
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/tickets',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token.plainText}`, accept: 'application/json' },
      });
    };
    const refused = await api([file('photo.png', EXE)]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.attachments).toContain('پذیرفته نیست');
    const created = await api([file('نمودار.png', makePng(2, 2))]);
    expect(created.statusCode).toBe(201);
    expect(created.json().data.messages[0].attachments[0]).toMatchObject({
      name: 'نمودار.png',
      mime: 'image/png',
    });
  });

  it('keeps an internal note’s file from the customer', async () => {
    const [ticket] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.userId, customerId), eq(tickets.subject, 'خطای رندر با پیوست')));
    const careId = (await db().select().from(users).where(eq(users.email, 'care@renderfarm.test')))[0]!.id;
    const [note] = await db()
      .insert(ticketMessages)
      .values({ ticketId: ticket!.id, authorId: careId, body: 'یادداشت داخلی با پیوست', internal: true })
      .returning();
    await t.app.services.storage.put('tickets/4f1c7a52-0000-4000-8000-000000000001', Buffer.from('secret'));
    const [row] = await db()
      .insert(ticketAttachments)
      .values({
        messageId: note!.id,
        path: 'tickets/4f1c7a52-0000-4000-8000-000000000001',
        name: 'host-notes.txt',
        mime: 'text/plain; charset=utf-8',
        size: 6,
      })
      .returning();
    expect((await customer.request('GET', `/attachments/${row!.id}`)).statusCode).toBe(404);
    expect((await care.request('GET', `/attachments/${row!.id}`)).statusCode).toBe(200);
    const page = await customer.page(`/panel/tickets/${ticket!.uuid}`);
    expect(JSON.stringify(page.props)).not.toContain('host-notes');
  });

  it('serves the demo tickets’ files, made on first read, to their owner', async () => {
    const [demo] = await db()
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.path, 'tickets/demo-screenshot'));
    const served = await customer.request('GET', `/attachments/${demo!.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.length).toBe(demo!.size);
    expect((await other.request('GET', `/attachments/${demo!.id}`)).statusCode).toBe(404);
  });

  it('takes a file on a staff note through the care desk and never shows it to the customer', async () => {
    const [ticket] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.userId, customerId), eq(tickets.subject, 'خطای رندر با پیوست')));
    const note = multipartBody([
      { name: 'message', value: 'لاگ میزبان برای همکاران' },
      { name: 'internal', value: '1' },
      {
        name: 'attachments[0]',
        filename: 'host.log',
        type: 'text/plain',
        bytes: Buffer.from('gpu0 ECC errors: 12\n'),
      },
    ]);
    const url = `/care/tickets/${ticket!.uuid}`;
    expect(
      (await care.request('POST', `${url}/messages`, note.payload, { ...note.headers, referer: url }))
        .statusCode,
    ).toBe(303);
    const staffView = await care.page(url);
    const last = staffView.props.ticket.messages.at(-1);
    expect(last).toMatchObject({
      internal: true,
      attachments: [expect.objectContaining({ name: 'host.log' })],
    });
    const id = last.attachments[0].id;
    expect((await care.request('GET', `/attachments/${id}`)).statusCode).toBe(200);
    expect((await customer.request('GET', `/attachments/${id}`)).statusCode).toBe(404);
    expect(JSON.stringify((await customer.page(`/panel/tickets/${ticket!.uuid}`)).props)).not.toContain(
      'host.log',
    );

    // The same checks as the customer's: an executable is refused beside the field.
    const bad = multipartBody([
      { name: 'message', value: 'پاسخ' },
      { name: 'attachments[0]', filename: 'fix.png', type: 'image/png', bytes: EXE },
    ]);
    await care.request('POST', `${url}/messages`, bad.payload, { ...bad.headers, referer: url });
    expect((await care.errorsOn(url)).attachments).toContain('پذیرفته نیست');
  });
});
