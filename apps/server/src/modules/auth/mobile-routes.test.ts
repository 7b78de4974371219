import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../platform/jobs/worker';
import { readMail } from '../../platform/mail';
import { readSmsLog } from '../../platform/sms';
import { activityLog } from '../activity/tables';
import { users } from '../users/tables';
import { REMEMBER_COOKIE } from './remember-cookie';
import { rememberTokens } from './tables';
import { createAuthTestApp, newBrowser, type TestBrowser } from './test-support';
import { totp } from './totp';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

const lastCode = async (t: T, mobile: string) => {
  const entries = await readSmsLog(t.storageDir, mobile);
  return /کد تأیید شما: (\d{6})/.exec(entries.at(-1)!.text)![1]!;
};

describe('mobile sign-in and sign-up routes', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it('signs a known number in with the SMS code from the log', async () => {
    const browser = await newBrowser(t, { ip: '10.4.0.1' });
    const sent = await browser.post('/auth/signin', { mobile: '+98 912 000 0000' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/auth/verify');
    const verify = await browser.page('/auth/verify');
    expect(verify.component).toBe('Users/Auth/Verify');
    expect(verify.props).toMatchObject({ mobile_masked: '0912***0000', purpose: 'signin' });
    expect(verify.props.expires_in).toBeGreaterThan(110);
    expect(verify.props.resend_in).toBeGreaterThan(50);
    const before = browser.sessionId;
    const res = await browser.visit('POST', '/auth/verify', { code: await lastCode(t, '09120000000') });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/home');
    expect(browser.sessionId).not.toBe(before);
    expect((await browser.page('/home')).props.auth.user.mobile_masked).toBe('0912***0000');
  });

  it('sends a code to an unknown number too, then goes on to Signup with the number locked', async () => {
    const browser = await newBrowser(t, { ip: '10.4.0.2' });
    await browser.post('/auth/signin', { mobile: '۰۹۳۵۱۲۳۴۵۶۷' });
    const code = await lastCode(t, '09351234567');
    const res = await browser.post('/auth/verify', {
      code: code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/signup');
    const signup = await browser.page('/auth/signup');
    expect(signup.props).toMatchObject({ mobile: '09351234567', mobile_verified: true });
    const created = await browser.visit('POST', '/auth/signup', {
      name: 'رضا احمدی',
      mobile: '09351234567',
      terms: 'on',
    });
    expect(created.statusCode).toBe(409);
    expect(created.headers['x-inertia-location']).toBe('/auth/welcome');
    const [user] = await t.database.db.select().from(users).where(eq(users.mobile, '09351234567'));
    expect(user).toMatchObject({ name: 'رضا احمدی', role: 'customer', passwordHash: null });
    expect(user!.mobileVerifiedAt).not.toBeNull();
    const landing = await browser.page('/auth/welcome');
    expect(landing.component).toBe('Users/Landing');
    expect(landing.props.checklist).toMatchObject({ email: false, password: false });
  });

  it('signs up from the Signup form first: code, then the account', async () => {
    const browser = await newBrowser(t, { ip: '10.4.0.3' });
    const res = await browser.post('/auth/signup', {
      name: 'Sara Karimi',
      mobile: '09361112233',
      email: 'sara@example.com',
      terms: true,
    });
    expect(res.headers.location).toBe('/auth/verify');
    expect((await browser.page('/auth/verify')).props.purpose).toBe('signup');
    const done = await browser.post('/auth/verify', { code: await lastCode(t, '09361112233') });
    expect(done.headers.location).toBe('/auth/welcome');
    const [user] = await t.database.db.select().from(users).where(eq(users.mobile, '09361112233'));
    expect(user).toMatchObject({ name: 'Sara Karimi', email: 'sara@example.com' });
  });

  it('leaves out an e-mail that belongs to an account, never saying so before the number is proven', async () => {
    const browser = await newBrowser(t, { ip: '10.4.0.9' });
    const res = await browser.post('/auth/signup', {
      name: 'نیما شریفی',
      mobile: '09361112299',
      email: 'Customer@RenderFarm.test',
      terms: true,
    });
    // Same answer as for a free address: a code is sent, nothing is said about the e-mail.
    expect(res.headers.location).toBe('/auth/verify');
    const done = await browser.post('/auth/verify', { code: await lastCode(t, '09361112299') });
    expect(done.headers.location).toBe('/auth/welcome');
    const [user] = await t.database.db.select().from(users).where(eq(users.mobile, '09361112299'));
    expect(user).toMatchObject({ name: 'نیما شریفی', email: null });
    expect((await browser.page('/auth/welcome')).props.flash.warning).toMatch(/به حساب افزوده نشد/);
    await createWorker({ db: t.database.db, handlers: t.app.jobHandlers }).drain();
    const told = await readMail(t.storageDir, 'customer@renderfarm.test');
    expect(told.at(-1)?.subject).toMatch(/تلاش برای ثبت‌نام/);
  });

  it('allows five wrong codes, then the code is dead', async () => {
    const browser = await newBrowser(t, { ip: '10.4.0.4' });
    await browser.post('/auth/signin', { mobile: '09120000002' });
    const right = await lastCode(t, '09120000002');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await browser.post('/auth/verify', { code: wrong });
    await browser.post('/auth/verify', { code: wrong }, { referer: '/auth/verify' });
    expect((await browser.errorsOn('/auth/verify')).code).toMatch(/از حد مجاز گذشت/);
    await browser.post('/auth/verify', { code: right }, { referer: '/auth/verify' });
    expect((await browser.errorsOn('/auth/verify')).code).toMatch(/کد تازه بخواهید/);
    expect((await browser.page('/auth/verify')).props.auth.user).toBeNull();
  });

  it('refuses a resend before resend_in, and limits sends per number per hour', async () => {
    const browser = await newBrowser(t, { ip: '10.4.0.5' });
    await browser.post('/auth/signin', { mobile: '09127778899' });
    await browser.post('/auth/resend', {}, { referer: '/auth/verify' });
    expect((await browser.errorsOn('/auth/verify')).code).toMatch(/صبر کنید/);
    expect(await readSmsLog(t.storageDir, '09127778899')).toHaveLength(1);
  });

  it('needs a pending code for the Verify page', async () => {
    const browser = await newBrowser(t, { ip: '10.4.0.6' });
    const res = await browser.request('GET', '/auth/verify');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/signin');
  });

  it('confirms the password of an SMS-only account with an SMS code', async () => {
    const browser = await newBrowser(t, { ip: '10.4.0.7' });
    await browser.post('/auth/signin', { mobile: '09351234567' });
    await browser.post('/auth/verify', { code: await lastCode(t, '09351234567') });
    const page = await browser.page('/user/confirm-password');
    expect(page.props).toMatchObject({ has_password: false, mobile_masked: '0935***4567' });
    const res = await browser.post('/user/confirm-password', { code: await lastCode(t, '09351234567') });
    expect(res.statusCode).toBe(303);
    expect((await browser.request('GET', '/user/confirmed-password-status')).json()).toEqual({
      confirmed: true,
    });
    // And may now set a first password without a current one.
    const set = await browser.request(
      'PUT',
      '/user/password',
      { password: 'first real phrase', password_confirmation: 'first real phrase' },
      { referer: '/user/profile' },
    );
    expect(set.statusCode).toBe(303);
    const [user] = await t.database.db.select().from(users).where(eq(users.mobile, '09351234567'));
    expect(user!.passwordHash).not.toBeNull();
  });

  describe('remember me', () => {
    /** The session ran out (or the browser was closed): only the remember cookie is left. */
    const forgetSession = (browser: TestBrowser) => {
      browser.jar.delete('renderfarm_session');
      browser.jar.delete('XSRF-TOKEN');
    };
    /** A known account of its own per test, so tokens counted are this test's only. */
    const account = async (mobile: string) => {
      const [user] = await t.database.db
        .insert(users)
        .values({ name: 'مریم کاظمی', mobile, mobileVerifiedAt: new Date() })
        .returning();
      return user!;
    };
    const tokensOf = (userId: number) =>
      t.database.db.select().from(rememberTokens).where(eq(rememberTokens.userId, userId));

    it('keeps a browser signed in after the session is gone when «remember me» was ticked on Signin', async () => {
      const user = await account('09131110001');
      const browser = await newBrowser(t, { ip: '10.4.1.1' });
      await browser.post('/auth/signin', { mobile: '09131110001', remember: 'on' });
      // Still only a code on its way: nothing is remembered before the number is proven.
      expect(browser.jar.has(REMEMBER_COOKIE)).toBe(false);
      const res = await browser.visit('POST', '/auth/verify', { code: await lastCode(t, '09131110001') });
      expect(res.headers['x-inertia-location']).toBe('/home');
      const set = res.cookies.find((c) => c.name === REMEMBER_COOKIE) as Record<string, unknown>;
      expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(String(set.value).split('.')[0]).toBe(String(user.id));
      expect(await tokensOf(user.id)).toHaveLength(1);

      forgetSession(browser);
      const home = await browser.page('/home');
      expect(home.component).toBe('Users/Home');
      expect(home.props.auth.user.id).toBe(user.id);
      const logins = await t.database.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.event, 'auth:login'), eq(activityLog.actorId, user.id)));
      expect(logins.map((l) => l.properties)).toEqual(
        expect.arrayContaining([{ via: 'mobile' }, { via: 'remember' }]),
      );
    });

    it('sets no cookie when the box is not ticked: without the session the browser is a guest', async () => {
      const user = await account('09131110002');
      const browser = await newBrowser(t, { ip: '10.4.1.2' });
      await browser.post('/auth/signin', { mobile: '09131110002', remember: false });
      const res = await browser.visit('POST', '/auth/verify', { code: await lastCode(t, '09131110002') });
      expect(res.headers['x-inertia-location']).toBe('/home');
      expect(res.cookies.find((c) => c.name === REMEMBER_COOKIE)).toBeUndefined();
      expect(await tokensOf(user.id)).toHaveLength(0);
      forgetSession(browser);
      expect((await browser.request('GET', '/home')).headers.location).toBe('/login');
    });

    it('shows the ticked box again when the person goes back to change the number', async () => {
      const browser = await newBrowser(t, { ip: '10.4.1.3' });
      await browser.post('/auth/signin', { mobile: '09131110003', remember: 'on' });
      expect((await browser.page('/auth/signin')).props).toMatchObject({
        mobile: '09131110003',
        remember: true,
      });
      // A second try unticked forgets the first choice.
      await browser.post('/auth/signin', { mobile: '09131110004' });
      expect((await browser.page('/auth/signin')).props).toMatchObject({
        mobile: '09131110004',
        remember: false,
      });
    });

    it('with two-factor sign-in on, remembers only once the second factor is through', async () => {
      const user = await account('09131110005');
      const { secret } = await t.app.services.twoFactor.enable(user.id);
      const { recoveryCodes } = await t.app.services.twoFactor.confirm(user.id, totp(secret, new Date()));
      const browser = await newBrowser(t, { ip: '10.4.1.4' });
      await browser.post('/auth/signin', { mobile: '09131110005', remember: 'on' });
      const res = await browser.post('/auth/verify', { code: await lastCode(t, '09131110005') });
      expect(res.headers.location).toBe('/two-factor-challenge');
      expect(browser.jar.has(REMEMBER_COOKIE)).toBe(false);
      expect(await tokensOf(user.id)).toHaveLength(0);
      await browser.post('/two-factor-challenge', { recovery_code: recoveryCodes[0] });
      expect(browser.jar.has(REMEMBER_COOKIE)).toBe(true);
      expect(await tokensOf(user.id)).toHaveLength(1);
      forgetSession(browser);
      expect((await browser.page('/home')).props.auth.user.id).toBe(user.id);
    });

    it('carries the choice from Signin through Signup to the new account', async () => {
      const browser = await newBrowser(t, { ip: '10.4.1.5' });
      await browser.post('/auth/signin', { mobile: '09131110006', remember: 'on' });
      await browser.post('/auth/verify', { code: await lastCode(t, '09131110006') });
      const created = await browser.visit('POST', '/auth/signup', {
        name: 'امید رحیمی',
        mobile: '09131110006',
        terms: 'on',
      });
      expect(created.headers['x-inertia-location']).toBe('/auth/welcome');
      const [user] = await t.database.db.select().from(users).where(eq(users.mobile, '09131110006'));
      expect(await tokensOf(user!.id)).toHaveLength(1);
      forgetSession(browser);
      expect((await browser.page('/auth/welcome')).props.auth.user.id).toBe(user!.id);
    });
  });
});
