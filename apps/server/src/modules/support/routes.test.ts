import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail } from '../../platform/mail';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, newBrowser } from '../auth/test-support';
import { solveAltcha } from '../botcheck/service';
import { users } from '../users/tables';
import { ticketMessages, tickets } from './tables';

const PERSIAN = /[\u0600-\u06FF]/;
const VALID = {
  name: 'نرگس توکلی',
  contact: 'narges@example.com',
  department: 'sales',
  subject: 'قیمت اجارهٔ ماهانه',
  message: 'برای یک پروژهٔ سه‌ماهه چند سرور لازم داریم؛ تخفیف ماهانه دارید؟',
};

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

const guestTickets = async (t: T) =>
  (await t.database.db.select({ n: count() }).from(tickets).where(isNull(tickets.userId)))[0]!.n;

/** A visitor who opened the contact page from `ip`, so the form goes back to it. */
async function visitor(t: T, ip: string) {
  const browser = await newBrowser(t, { ip });
  await browser.page('/contact');
  return {
    browser,
    send: (body: Record<string, unknown>) => browser.post('/contact', body, { referer: '/contact' }),
    errors: () => browser.errorsOn('/contact'),
  };
}

describe('contact page and form', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp({ APP_URL: 'https://renderfarm.example' });
    // A suspended care account must not be mailed.
    await t.database.db.insert(users).values({
      name: 'پشتیبان معلق',
      email: 'suspended.care@example.test',
      role: 'care',
      status: 'suspended',
      emailVerifiedAt: new Date(),
    });
  });
  afterAll(() => t.close());

  it('shows the address, phone, departments and limits to anyone', async () => {
    const { browser } = await visitor(t, '10.9.0.1');
    const page = await browser.page('/contact');
    expect(page.component).toBe('Public/Contact');
    expect(page.props.contact).toEqual({
      address: expect.stringContaining('تهران'),
      phone: '021-88731450',
      email: 'support@renderfarm.ir',
      hours: expect.stringMatching(PERSIAN),
    });
    // What a visitor reads as the farm's contact looks like one: no test domain, no run of zeros.
    expect(page.props.contact.email).not.toMatch(/\.(test|example|invalid|localhost)$/);
    expect(page.props.contact.phone).not.toMatch(/0{4,}/);
    expect(page.props.departments.map((d: { value: string }) => d.value)).toEqual(['sales', 'support']);
    expect(page.props.limits).toEqual({ subject: 150, message: 5000 });
    expect(page.props.prefill).toBeNull();

    // The first load carries its SEO head, as every public page does (no JS for a crawler).
    const html = (await browser.request('GET', '/contact')).body;
    const tag = (re: RegExp) => re.exec(html)?.[1] ?? null;
    expect(tag(/<title>(.*?)<\/title>/s)).toBe('تماس با ما | رندر فارم ابری');
    expect(tag(/<link rel="canonical" href="([^"]*)">/)).toBe('https://renderfarm.example/contact');
    expect(tag(/<meta name="description" content="([^"]*)">/)).toMatch(/فرم تماس.*021-88731450/);
    expect(tag(/<meta property="og:locale" content="([^"]*)">/)).toBe('fa_IR');
    expect(tag(/<meta property="og:url" content="([^"]*)">/)).toBe('https://renderfarm.example/contact');
    expect(tag(/<meta property="og:image" content="([^"]*)">/)).toBe(
      'https://renderfarm.example/og-image.png',
    );
    expect(tag(/<meta name="robots" content="([^"]*)">/)).toBeNull();

    const signedIn = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.9.0.2' });
    expect((await signedIn.page('/contact')).props.prefill).toEqual({
      name: 'علی رضایی',
      contact: 'customer@renderfarm.test',
    });
  });

  const BAD: Record<string, unknown[]> = {
    name: [undefined, '', '   ', 'ب'.repeat(101), 42, ['نام'], '<b>x</b>', "' OR 1=1 --", 'Robert123'],
    contact: [
      undefined,
      '',
      42,
      'not-an-email@',
      'ایمیل@نمونه',
      '0912abc4567',
      '۰۲۱۱۲۳۴۵۶۷۸',
      'سلام',
      ['a@b.co'],
    ],
    department: [undefined, '', 'billing', 1, ['sales']],
    subject: [undefined, '', 'ب'.repeat(151), 7, { a: 1 }, 'دو\nخط', 'زنگ\u0007', 'وارونه\u202E'],
    message: [undefined, '', '  \n ', 'ب'.repeat(5001), false, ['a'], 'نال\u0000'],
  };

  for (const [field, values] of Object.entries(BAD)) {
    it(`answers bad ${field} with a Persian error beside it and opens no ticket`, async () => {
      const { send, errors } = await visitor(t, `10.9.1.${Object.keys(BAD).indexOf(field) + 1}`);
      const before = await guestTickets(t);
      for (const value of values) {
        const body: Record<string, unknown> = { ...VALID, [field]: value };
        if (value === undefined) delete body[field];
        const res = await send(body);
        const label = `${field} = ${JSON.stringify(value)}`;
        expect(res.statusCode, label).toBe(303);
        const shown = await errors();
        expect(Object.keys(shown), label).toEqual([field]);
        expect(shown[field], label).toMatch(PERSIAN);
      }
      expect(await guestTickets(t)).toBe(before);
      // Refused forms are not messages: the same visitor may still send three.
      expect((await send(VALID)).statusCode).toBe(303);
      expect(await errors()).toEqual({});
    });
  }

  it('opens a guest ticket, mails active staff in Persian, and says the message arrived', async () => {
    const { browser, send } = await visitor(t, '10.9.2.1');
    const subject = 'سرور <b>کند</b> است';
    const message = "رندر از دیشب کند شده؛ '; DROP TABLE tickets; --\nسپاس";
    const res = await send({ ...VALID, contact: '۰۹۱۲ ۳۴۵ ۶۷۸۹', department: 'support', subject, message });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact');
    const page = await browser.page('/contact');
    expect(page.props.flash.success).toMatch(/^پیام شما رسید/);
    expect(page.props.errors).toEqual({});

    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.subject, subject));
    expect(ticket).toMatchObject({
      userId: null,
      guestName: 'نرگس توکلی',
      guestMobile: '09123456789',
      guestEmail: null,
      department: 'فنی',
      priority: 'medium',
      status: 'open',
    });
    const thread = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket!.id));
    expect(thread).toEqual([expect.objectContaining({ authorId: null, body: message, internal: false })]);
    const [entry] = await t.database.db
      .select()
      .from(activityLog)
      // The ticket's own entry: a demo user with the same id has entries of its own.
      .where(and(eq(activityLog.subjectType, 'ticket'), eq(activityLog.subjectId, String(ticket!.id))));
    expect(entry).toMatchObject({ event: 'ticket:opened', actorId: null, ipAddress: '10.9.2.1' });
    expect(JSON.stringify(entry!.properties)).not.toContain('0912');

    const mails = (await readMail(t.storageDir)).filter((m) => m.subject.includes('کند'));
    expect(mails.map((m) => m.to).sort()).toEqual([
      'admin@renderfarm.test',
      'care2@renderfarm.test',
      'care@renderfarm.test',
    ]);
    const [mail] = mails;
    expect(mail!.subject).toBe(`پیام تازه از فرم تماس: ${subject}`);
    expect(mail!.text).toContain('09123456789');
    expect(mail!.text).toContain(message);
    expect(mail!.text).toContain('بخش: فنی');
    // What the visitor typed is text in the HTML part, never markup.
    expect(mail!.html).not.toContain('<b>کند</b>');
    expect(mail!.html).toContain('&lt;b&gt;کند&lt;/b&gt;');
    expect(mail!.html).toContain('dir="rtl"');
  });

  it('keeps an e-mail as the way to answer, in lower case', async () => {
    const { send } = await visitor(t, '10.9.2.2');
    await send({ ...VALID, contact: 'Narges.T@Example.COM', subject: 'پرسش فروش' });
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.subject, 'پرسش فروش'));
    expect(ticket).toMatchObject({
      guestEmail: 'narges.t@example.com',
      guestMobile: null,
      department: 'فروش',
    });
  });

  it('refuses the fourth message from one address within ten minutes', async () => {
    const { send, errors } = await visitor(t, '10.9.3.1');
    for (let i = 1; i <= 3; i++) {
      await send({ ...VALID, subject: `پیام شمارهٔ ${i}` });
      expect(await errors()).toEqual({});
    }
    const before = await guestTickets(t);
    const fourth = await send({ ...VALID, subject: 'پیام چهارم' });
    expect(fourth.statusCode).toBe(303);
    const shown = await errors();
    expect(shown.form).toMatch(/بیش از سه پیام/);
    expect(shown.form).toMatch(/دقیقه/);
    expect(await guestTickets(t)).toBe(before);
    // Another address is not affected.
    const { send: sendOther, errors: otherErrors } = await visitor(t, '10.9.3.2');
    await sendOther({ ...VALID, subject: 'از نشانی دیگر' });
    expect(await otherErrors()).toEqual({});
    expect(await guestTickets(t)).toBe(before + 1);
  });
});

describe('contact form behind the ALTCHA bot check', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp({ CAPTCHA_PROVIDER: 'altcha' });
  });
  afterAll(() => t.close());

  it('refuses a missing or foreign token before anything else, and accepts a solved one', async () => {
    const { browser, send, errors } = await visitor(t, '10.9.4.1');
    const before = await guestTickets(t);

    await send(VALID);
    expect((await errors()).captcha_token).toMatch(PERSIAN);
    // A token solved for another form (login) is not a contact token.
    const challenge = async (action: string) =>
      (await browser.request('GET', `/botcheck/challenge?action=${action}`)).json();
    await send({ ...VALID, captcha_token: solveAltcha(await challenge('login')) });
    expect((await errors()).captcha_token).toMatch(PERSIAN);
    // The bot check comes first: bad fields are not even looked at.
    await send({ name: '', captcha_token: 'junk' });
    expect(Object.keys(await errors())).toEqual(['captcha_token']);
    expect(await guestTickets(t)).toBe(before);

    await send({ ...VALID, captcha_token: solveAltcha(await challenge('contact')) });
    expect(await errors()).toEqual({});
    expect(await guestTickets(t)).toBe(before + 1);
  });
});
