import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../testing/images';
import { createAuthTestApp, logIn, newBrowser, type TestBrowser } from '../auth/test-support';
import { readMail } from '../notifications/mail';
import { ticketMessages, tickets } from '../support/tables';

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

  it('becomes a guest ticket of the Career department with a staff-only link to the PDF', async () => {
    const browser = await newBrowser(t, { ip: '10.20.0.1' });
    const res = await apply(browser, form(VALID, { bytes: PDF }));
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
    const link = /(\/care\/career\/[0-9a-f-]{36}\.pdf)/.exec(message!.body)?.[1];
    expect(link).toBeDefined();
    expect(message!.body).toContain('سه سال با 3ds Max');
    // Staff are mailed about it, as for the contact form.
    expect(
      (await readMail(t.storageDir)).some(
        (m) => m.subject.includes('کارشناس پشتیبانی') || m.text?.includes('کارشناس پشتیبانی'),
      ),
    ).toBe(true);
    // Care opens the résumé; a customer and a guest do not.
    const care = await logIn(t, 'care@renderfarm.test');
    const pdf = await care.request('GET', link!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    const customer = await logIn(t, 'customer@renderfarm.test');
    expect((await customer.request('GET', link!)).statusCode).toBe(404);
    expect((await browser.request('GET', link!)).statusCode).not.toBe(200);
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
    expect(await t.app.services.storage.list('career/')).toHaveLength(1);
  });
});
