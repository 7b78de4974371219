import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../activity/tables';
import { configs } from '../catalog/tables';
import { users } from '../users/tables';
import { createAuthTestApp, logIn, newBrowser, type TestBrowser } from './test-support';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

// RFC 6238 written out here, independent of the app's totp.ts, so a bug there cannot hide.
function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((b) => Number.parseInt(b, 2)));
}
function totpAt(secret: string, at: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('two-factor authentication routes', () => {
  let t: T;
  let browser: TestBrowser;
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    t = await createAuthTestApp();
    browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.3.0.1' });
  });
  afterAll(() => t.close());

  it('needs a password confirmation before enabling, then returns to the page', async () => {
    // A fresh sign-in counts as confirmed; a session without the stamp does not.
    const other = await newBrowser(t, { ip: '10.3.0.2' });
    await other.post('/__testing/sign-in', { email: 'customer@renderfarm.test' });
    await other.request('GET', '/user/profile');
    const refused = await other.post(
      '/user/two-factor-authentication',
      {},
      { referer: 'http://localhost:80/user/profile' },
    );
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/user/confirm-password');
    expect(refused.headers['x-refused']).toBe('confirm');
    const json = await other.request('GET', '/user/two-factor-qr-code');
    expect(json.statusCode).toBe(423);
    expect((await other.page('/user/confirm-password')).props.has_password).toBe(true);
    await other.post('/user/confirm-password', { password: 'nope' }, { referer: '/user/confirm-password' });
    expect((await other.errorsOn('/user/confirm-password')).password).toBe('رمز عبور درست نیست.');
    const ok = await other.post('/user/confirm-password', { password: 'password' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/user/profile');
    expect((await other.request('GET', '/user/confirmed-password-status')).json()).toEqual({
      confirmed: true,
    });
  });

  it('enables: secret and QR code as JSON, confirmed with a computed TOTP, recovery codes shown once', async () => {
    expect(
      (await browser.post('/user/two-factor-authentication', {}, { referer: '/user/profile' })).statusCode,
    ).toBe(303);
    const qr = (await browser.request('GET', '/user/two-factor-qr-code')).json();
    expect(qr.svg).toContain('<svg');
    expect(qr.url).toMatch(/^otpauth:\/\/totp\//);
    secret = (await browser.request('GET', '/user/two-factor-secret-key')).json().secretKey;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await browser.post(
      '/user/confirmed-two-factor-authentication',
      { code: '000000' },
      { referer: '/user/profile' },
    );
    expect((await browser.errorsOn('/user/profile')).code).toMatch(/درست نیست/);

    const before = browser.sessionId;
    await browser.post(
      '/user/confirmed-two-factor-authentication',
      { code: totpAt(secret, Date.now()) },
      { referer: '/user/profile' },
    );
    expect(browser.sessionId).not.toBe(before);
    const page = await browser.page('/user/profile');
    recovery = page.props.flash.recovery_codes;
    expect(recovery).toHaveLength(8);
    expect(page.props.two_factor).toMatchObject({ enabled: true, confirmed: true, recovery_codes_left: 8 });
    expect(page.props.auth.user.two_factor).toBe(true);
    // The JSON route gives the same codes for a few minutes; the page after shows them no more.
    expect((await browser.request('GET', '/user/two-factor-recovery-codes')).json()).toEqual(recovery);
    expect((await browser.page('/user/profile')).props.flash.recovery_codes).toBeUndefined();
    const [enabled] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'auth:2fa.enabled'));
    expect(enabled).toBeDefined();
  });

  it('asks for the second factor at sign-in and accepts a TOTP code', async () => {
    const b = await newBrowser(t, { ip: '10.3.0.3' });
    const res = await b.post('/login', { email: 'customer@renderfarm.test', password: 'password' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/two-factor-challenge');
    expect((await b.page('/two-factor-challenge')).component).toBe('Auth/TwoFactorChallenge');
    // Not signed in yet.
    expect((await b.request('GET', '/home')).headers.location).toBe('/login');
    await b.post('/two-factor-challenge', { code: '123456' }, { referer: '/two-factor-challenge' });
    expect((await b.errorsOn('/two-factor-challenge')).code).toMatch(/درست نیست/);
    // The confirm step used the current 30-second step; the next one is new.
    const ok = await b.visit('POST', '/two-factor-challenge', { code: totpAt(secret, Date.now() + 30_000) });
    expect(ok.statusCode).toBe(409);
    expect(ok.headers['x-inertia-location']).toBe('/home');
    expect((await b.page('/home')).props.auth.user.name).toBe('علی رضایی');
  });

  it('accepts a recovery code once', async () => {
    const first = await newBrowser(t, { ip: '10.3.0.4' });
    await first.post('/login', { email: 'customer@renderfarm.test', password: 'password' });
    const ok = await first.post('/two-factor-challenge', { recovery_code: recovery[0]!.toUpperCase() });
    expect(ok.statusCode).toBe(302);
    expect((await first.page('/home')).props.flash.warning).toMatch(/کد بازیابی مصرف شد/);

    const second = await newBrowser(t, { ip: '10.3.0.5' });
    await second.post('/login', { email: 'customer@renderfarm.test', password: 'password' });
    await second.post(
      '/two-factor-challenge',
      { recovery_code: recovery[0] },
      { referer: '/two-factor-challenge' },
    );
    expect((await second.errorsOn('/two-factor-challenge')).recovery_code).toMatch(/پیش‌تر استفاده شده/);
  });

  it('throttles the challenge after five tries', async () => {
    const b = await newBrowser(t, { ip: '10.3.0.6' });
    await b.post('/login', { email: 'customer@renderfarm.test', password: 'password' });
    for (let i = 0; i < 5; i++) await b.post('/two-factor-challenge', { code: '000000' });
    await b.post(
      '/two-factor-challenge',
      { recovery_code: recovery[1] },
      { referer: '/two-factor-challenge' },
    );
    expect((await b.errorsOn('/two-factor-challenge')).recovery_code).toMatch(/بیش از حد مجاز/);
    expect((await b.request('GET', '/home')).headers.location).toBe('/login');
  });

  it('regenerates recovery codes (old ones stop working) and disables 2FA', async () => {
    await browser.post('/user/two-factor-recovery-codes', {}, { referer: '/user/profile' });
    const fresh = (await browser.page('/user/profile')).props.flash.recovery_codes as string[];
    expect(fresh).toHaveLength(8);
    expect(fresh).not.toContain(recovery[2]);
    const b = await newBrowser(t, { ip: '10.3.0.7' });
    await b.post('/login', { email: 'customer@renderfarm.test', password: 'password' });
    await b.post(
      '/two-factor-challenge',
      { recovery_code: recovery[2] },
      { referer: '/two-factor-challenge' },
    );
    expect((await b.errorsOn('/two-factor-challenge')).recovery_code).toBeDefined();

    await browser.request('DELETE', '/user/two-factor-authentication', {}, { referer: '/user/profile' });
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    expect(user!.twoFactorConfirmedAt).toBeNull();
    expect(
      await t.database.db.select().from(activityLog).where(eq(activityLog.event, 'auth:2fa.disabled')),
    ).toHaveLength(1);
  });

  it('keeps staff out of staff areas without 2FA when staff_require_2fa is on, and refuses turning it off', async () => {
    await t.database.db.update(configs).set({ value: true }).where(eq(configs.key, 'staff_require_2fa'));
    await t.app.services.cache.forget('configs');
    try {
      const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.3.0.8' });
      const profile = await care.page('/user/profile');
      expect(profile.props.two_factor.can_disable).toBe(false);
      // Staff routes: none exist in this module; the guard is proven on a care route in the walk test.
      await care.post('/user/two-factor-authentication', {}, { referer: '/user/profile' });
      const s = (await care.request('GET', '/user/two-factor-secret-key')).json().secretKey as string;
      await care.post('/user/confirmed-two-factor-authentication', { code: totpAt(s, Date.now()) });
      await care.request('DELETE', '/user/two-factor-authentication', {}, { referer: '/user/profile' });
      expect((await care.page('/user/profile')).props.flash.error).toMatch(/الزامی است/);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'care@renderfarm.test'));
      expect(row!.twoFactorConfirmedAt).not.toBeNull();
    } finally {
      await t.database.db.update(configs).set({ value: false }).where(eq(configs.key, 'staff_require_2fa'));
      await t.app.services.cache.forget('configs');
    }
  });
});
