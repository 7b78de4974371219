import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../users/tables';
import { createAuthTestApp, logIn, newBrowser, type TestBrowser } from './test-support';

/**
 * Bad input on every identity form: empty, too long, wrong type, wrong script, SQL and HTML
 * payloads. Each must come back as a Persian error under the field it is about, and change nothing.
 */
type T = Awaited<ReturnType<typeof createAuthTestApp>>;

const EMPTY = '';
const LONG = 'ب'.repeat(300);
const NUMBER = 12345;
const ARRAY = ['a', 'b'];
const OBJECT = { $gt: '' };
const SQL = "' OR 1=1; DROP TABLE users; --";
const HTML = '<script>alert(1)</script>';
// PostgreSQL refuses a NUL in text: it must be a field error, never a 500.
const NUL = 'a\u0000b@example.com';
const TEXT_CASES = [EMPTY, LONG, NUMBER, ARRAY, OBJECT, SQL, HTML, NUL];
const PASSWORD_CASES = [EMPTY, 'x'.repeat(200), NUMBER, ARRAY, OBJECT];

interface Form {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  as: 'guest' | 'customer' | 'pending-2fa' | 'pending-sms';
  valid: Record<string, unknown>;
  fields: Record<string, unknown[]>;
  /** The page the form sits on, when it is not the usual one for `as`. */
  page?: string;
}

const FORMS: Form[] = [
  {
    name: 'login.store',
    method: 'POST',
    url: '/login',
    as: 'guest',
    valid: { email: 'customer@renderfarm.test', password: 'password' },
    fields: { email: [EMPTY, LONG, NUMBER, ARRAY, OBJECT, NUL], password: PASSWORD_CASES },
  },
  {
    name: 'register.store',
    method: 'POST',
    url: '/register',
    as: 'guest',
    valid: {
      name: 'نام درست',
      email: 'new.one@example.com',
      mobile: '09131234567',
      password: 'good long phrase',
      password_confirmation: 'good long phrase',
      terms: true,
    },
    fields: {
      name: [...TEXT_CASES, 'Robert123', '🙂🙂'],
      email: [...TEXT_CASES, 'ایمیل@نمونه', 'no-at-sign'],
      mobile: [LONG, NUMBER, ARRAY, SQL, HTML, '0912abc4567', '۰۲۱۱۲۳۴۵۶۷۸'],
      password: PASSWORD_CASES,
      password_confirmation: ['other phrase'],
      terms: [EMPTY, false, 'no'],
    },
  },
  {
    name: 'password.email',
    method: 'POST',
    url: '/forgot-password',
    as: 'guest',
    valid: { email: 'customer@renderfarm.test' },
    fields: { email: [...TEXT_CASES, 'ایمیل@نمونه'] },
  },
  {
    name: 'password.update',
    method: 'POST',
    url: '/reset-password',
    as: 'guest',
    valid: {
      token: 'a'.repeat(43),
      email: 'customer@renderfarm.test',
      password: 'good long phrase',
      password_confirmation: 'good long phrase',
    },
    fields: { token: [EMPTY, LONG, NUMBER, ARRAY, OBJECT], email: TEXT_CASES, password: PASSWORD_CASES },
  },
  {
    name: 'two-factor.login.store',
    method: 'POST',
    url: '/two-factor-challenge',
    as: 'pending-2fa',
    valid: { code: '123456' },
    fields: {
      code: [EMPTY, LONG, NUMBER, ARRAY, OBJECT, SQL, HTML, 'abcdef', '12345'],
      recovery_code: [LONG, HTML, SQL],
    },
  },
  {
    name: 'users.auth.signin.store',
    method: 'POST',
    url: '/auth/signin',
    as: 'guest',
    valid: { mobile: '09121234567' },
    fields: { mobile: [...TEXT_CASES, 'نه‌شماره', '0812345678', '+1 555 0100'] },
  },
  {
    name: 'users.auth.verify.store',
    method: 'POST',
    url: '/auth/verify',
    as: 'pending-sms',
    valid: { code: '123456' },
    fields: { code: [...TEXT_CASES, 'یک‌دو'] },
  },
  {
    name: 'users.auth.signup.store',
    method: 'POST',
    url: '/auth/signup',
    as: 'guest',
    valid: { name: 'نام درست', mobile: '09141234567', terms: true },
    fields: {
      name: [...TEXT_CASES, 'A1'],
      mobile: TEXT_CASES,
      email: [LONG, NUMBER, SQL, HTML],
      referral_code: [LONG, SQL, HTML, 'کد'],
      terms: [EMPTY, false],
    },
  },
  {
    name: 'password.confirm.store',
    method: 'POST',
    url: '/user/confirm-password',
    as: 'customer',
    valid: { password: 'password' },
    fields: { password: ['x'.repeat(200), NUMBER, ARRAY, OBJECT] },
  },
  {
    name: 'user-profile-information.update',
    method: 'PUT',
    url: '/user/profile-information',
    as: 'customer',
    valid: { name: 'نام درست', email: 'customer@renderfarm.test' },
    fields: { name: [...TEXT_CASES, 'x1'], email: [LONG, NUMBER, ARRAY, OBJECT, SQL, HTML, 'ایمیل@نمونه'] },
  },
  {
    name: 'user-password.update',
    method: 'PUT',
    url: '/user/password',
    as: 'customer',
    valid: {
      current_password: 'password',
      password: 'good long phrase',
      password_confirmation: 'good long phrase',
    },
    fields: {
      current_password: ['x'.repeat(200), NUMBER, ARRAY, OBJECT],
      password: PASSWORD_CASES,
      password_confirmation: ['mismatch', NUMBER],
    },
  },
  {
    name: 'two-factor.confirm',
    method: 'POST',
    url: '/user/confirmed-two-factor-authentication',
    as: 'customer',
    valid: { code: '123456' },
    fields: { code: [...TEXT_CASES, '۱۲۳'] },
  },
  {
    name: 'other-browser-sessions.destroy',
    method: 'DELETE',
    url: '/user/other-browser-sessions',
    as: 'customer',
    valid: { password: 'password' },
    fields: { password: ['x'.repeat(200), NUMBER, ARRAY, OBJECT] },
  },
  {
    name: 'current-user.destroy',
    method: 'DELETE',
    url: '/user',
    as: 'customer',
    valid: { password: 'password' },
    fields: { password: ['x'.repeat(200), NUMBER, ARRAY, OBJECT] },
  },
  {
    name: 'api-tokens.update',
    method: 'PUT',
    url: '/user/api-tokens/1',
    as: 'customer',
    valid: { permissions: ['read'] },
    fields: { permissions: [EMPTY, [], ['admin'], [SQL], 'read', NUMBER, OBJECT] },
  },
  {
    name: 'api-tokens.store',
    method: 'POST',
    url: '/user/api-tokens',
    as: 'customer',
    valid: { name: 'توکن', permissions: ['read'] },
    fields: {
      name: [EMPTY, LONG, NUMBER, ARRAY, OBJECT, HTML, NUL],
      permissions: [EMPTY, [], ['admin'], [SQL], 'read', NUMBER, OBJECT],
    },
  },
  {
    name: 'contact.store',
    method: 'POST',
    url: '/contact',
    as: 'guest',
    page: '/contact',
    valid: {
      name: 'مریم احمدی',
      contact: 'maryam@example.com',
      department: 'support',
      subject: 'پرسش دربارهٔ تعرفه',
      message: 'سلام، تعرفهٔ ماهانه دارید؟',
    },
    fields: {
      name: [...TEXT_CASES, 'Robert123', '🙂🙂'],
      contact: [...TEXT_CASES, '0912abc4567', 'ایمیل@نمونه'],
      department: [EMPTY, 'marketing', NUMBER, ARRAY, OBJECT, SQL],
      // Plain text is stored as typed (SQL and HTML included) and only ever escaped, so those are
      // not errors here; empty, too long, a wrong type and invisible control characters are.
      subject: [EMPTY, 'ب'.repeat(151), NUMBER, ARRAY, OBJECT, 'سلام\u0000'],
      message: [EMPTY, 'ب'.repeat(5_001), NUMBER, ARRAY, OBJECT],
    },
  },
];

describe('bad input on every identity form', () => {
  let t: T;
  const browsers = new Map<Form['as'], TestBrowser>();
  beforeAll(async () => {
    t = await createAuthTestApp();
    browsers.set('guest', await newBrowser(t, { ip: '10.9.0.1' }));
    browsers.set('customer', await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.9.0.2' }));
    await t.database.db
      .update(users)
      .set({ twoFactorConfirmedAt: new Date() })
      .where(eq(users.email, 'admin@renderfarm.test'));
    const pending2fa = await newBrowser(t, { ip: '10.9.0.3' });
    await pending2fa.post('/login', { email: 'admin@renderfarm.test', password: 'password' });
    browsers.set('pending-2fa', pending2fa);
    const pendingSms = await newBrowser(t, { ip: '10.9.0.4' });
    await pendingSms.post('/auth/signin', { mobile: '09125550000' });
    browsers.set('pending-sms', pendingSms);
  });
  afterAll(() => t.close());

  /** What a bad request must not change: accounts, tokens, sessions' users, SMS codes sent. */
  const fingerprint = async () => {
    const result = await t.database.db.execute(sql`
      select (select count(*) from users) as users,
             (select coalesce(max(updated_at)::text, '') from users) as users_updated,
             (select string_agg(coalesce(password_hash, '') || coalesce(email, ''), ',' order by id) from users) as secrets,
             (select count(*) from personal_access_tokens) as tokens,
             (select count(*) from sms_codes) as codes,
             (select count(*) from password_reset_tokens) as resets,
             (select count(*) from tickets) as tickets,
             (select count(*) from ticket_messages) as messages`);
    return JSON.stringify((result as unknown as { rows: unknown[] }).rows ?? result);
  };

  for (const form of FORMS) {
    it(`${form.name}: a Persian error under the field, nothing changed`, async () => {
      const browser = browsers.get(form.as)!;
      const backTo =
        form.page ??
        (form.as === 'customer'
          ? '/user/profile'
          : form.as === 'pending-2fa'
            ? '/two-factor-challenge'
            : form.as === 'pending-sms'
              ? '/auth/verify'
              : '/login');
      const before = await fingerprint();
      for (const [field, values] of Object.entries(form.fields)) {
        for (const value of values) {
          const res = await browser.request(
            form.method,
            form.url,
            { ...form.valid, [field]: value },
            { referer: backTo },
          );
          const label = `${form.name} ${field}=${JSON.stringify(value).slice(0, 40)}`;
          expect(res.statusCode, label).toBe(303);
          const errors = (await browser.page(backTo)).props.errors as Record<string, string>;
          expect(Object.keys(errors), label).toContain(field);
          expect(errors[field], label).toMatch(/[\u0600-\u06FF]/);
          expect(errors[field], label).not.toMatch(/<script>|DROP TABLE/);
        }
      }
      expect(await fingerprint(), form.name).toBe(before);
    }, 60_000);
  }
});
