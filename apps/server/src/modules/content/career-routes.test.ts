import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail } from '../../platform/mail';
import { multipartBody } from '../../testing/images';
import { createAuthTestApp, logIn, newBrowser, type TestBrowser } from '../auth/test-support';
import { ATTACHMENT_PREFIX } from '../support/attachments';
import { ticketAttachments, ticketMessages, tickets } from '../support/tables';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PERSIAN = /[\u0600-\u06FF]/;

const form = (fields: Record<string, string>, file?: { bytes: Buffer; filename?: string; type?: string }) =>
  multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file
      ? [
          {
            name: 'resume',
            filename: file.filename ?? 'cv.pdf',
            type: file.type ?? 'application/pdf',
            bytes: file.bytes,
          },
        ]
      : []),
  ]);

const VALID = {
  name: 'مریم احمدی',
  contact: 'maryam@example.com',
  position: 'کارشناس پشتیبانی',
  message: 'سه سال با 3ds Max کار کرده‌ام.',
};

describe('career applications (career.store)', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  const apply = async (browser: TestBrowser, body: { payload: Buffer; headers: Record<string, string> }) => {
    await browser.page('/career');
    return browser.request('POST', '/career', body.payload, { ...body.headers, referer: '/career' });
  };

  it('becomes a guest ticket of the Career department with the PDF attached, which only staff open', async () => {
    const browser = await newBrowser(t, { ip: '10.20.0.1' });
    const res = await apply(browser, form(VALID, { bytes: PDF, filename: 'رزومه مریم.pdf' }));
    expect(res.statusCode, `${res.headers['x-refused']} ${/"message":"[^"]*"/.exec(res.body)?.[0]}`).toBe(
      303,
    );
    expect((await browser.page('/career')).props.flash.success).toMatch(PERSIAN);
    const [ticket] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.guestEmail, 'maryam@example.com'));
    expect(ticket).toMatchObject({
      department: 'همکاری',
      subject: 'درخواست همکاری: کارشناس پشتیبانی',
      userId: null,
    });
    const [message] = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket!.id));
    expect(message!.body).toContain('سه سال با 3ds Max');
    // The résumé is the message's attachment, stored like any ticket file (tickets/<uuid>).
    const rows = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.messageId, message!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'رزومه مریم.pdf', mime: 'application/pdf', size: PDF.length });
    expect(rows[0]!.path).toMatch(new RegExp(`^${ATTACHMENT_PREFIX}/[0-9a-f-]{36}$`));
    // Staff are mailed about it, as for the contact form, and the mail names the file.
    const mail = (await readMail(t.storageDir)).find((m) => m.subject.includes('کارشناس پشتیبانی'));
    expect(mail?.text).toContain('رزومه مریم.pdf');
    // Care sees it in the ticket's thread and opens it; a customer and a guest do not.
    const care = await logIn(t, 'care@renderfarm.test');
    const desk = await care.page(`/care/tickets/${ticket!.uuid}`);
    const [shown] = desk.props.ticket.messages[0].attachments;
    expect(shown).toMatchObject({ id: rows[0]!.id, name: 'رزومه مریم.pdf', mime: 'application/pdf' });
    const pdf = await care.request('GET', `/attachments/${shown.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const customer = await logIn(t, 'customer@renderfarm.test');
    expect((await customer.request('GET', `/attachments/${shown.id}`)).statusCode).toBe(404);
    expect((await browser.request('GET', `/attachments/${shown.id}`)).statusCode).not.toBe(200);
  });

  it('keeps an unusable file name (a bidi override) out: the résumé is offered as «رزومه.pdf»', async () => {
    const browser = await newBrowser(t, { ip: '10.20.0.2' });
    const res = await apply(
      browser,
      form(
        { ...VALID, contact: 'sara@example.com', message: '' },
        { bytes: PDF, filename: 'cv\u202Egpj.pdf' },
      ),
    );
    expect(res.statusCode).toBe(303);
    const [row] = await t.database.db
      .select({ name: ticketAttachments.name, body: ticketMessages.body })
      .from(ticketAttachments)
      .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
      .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
      .where(eq(tickets.guestEmail, 'sara@example.com'));
    expect(row).toMatchObject({ name: 'رزومه.pdf' });
    expect(row!.body).toMatch(PERSIAN);
  });

  it('refuses a file that is not a PDF, a 6 MB one, no file and missing fields, opening nothing', async () => {
    const before = (await t.database.db.select().from(tickets)).length;
    const cases: [ReturnType<typeof form>, string[]][] = [
      [form(VALID, { bytes: Buffer.from('<html>not a pdf</html>'), filename: 'cv.pdf' }), ['resume']],
      [form(VALID, { bytes: Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]) }), ['resume']],
      [form(VALID), ['resume']],
      [form({ ...VALID, name: '', position: '' }, { bytes: PDF }), ['name', 'position']],
      [form({ ...VALID, contact: 'نه ایمیل نه موبایل' }, { bytes: PDF }), ['contact']],
    ];
    let n = 0;
    for (const [body, fields] of cases) {
      const browser = await newBrowser(t, { ip: `10.21.0.${++n}` });
      await apply(browser, body);
      const errors = (await browser.page('/career')).props.errors;
      for (const field of fields)
        expect(errors[field], `${field} ${JSON.stringify(errors)}`).toMatch(PERSIAN);
    }
    expect((await t.database.db.select().from(tickets)).length).toBe(before);
    // Only the two accepted résumés above were stored.
    expect(await t.app.services.storage.list(`${ATTACHMENT_PREFIX}/`)).toHaveLength(2);
  });
});
