import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../platform/jobs/worker';
import { readMail } from '../../platform/mail';
import { activityLog } from '../activity/tables';
import { sessions } from '../sessions/tables';
import { users } from '../users/tables';
import { createAuthTestApp, logIn, newBrowser, TestBrowser } from './test-support';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

const events = async (t: T, event: string, actorId?: number) =>
  t.database.db
    .select()
    .from(activityLog)
    .where(
      actorId === undefined
        ? eq(activityLog.event, event)
        : and(eq(activityLog.event, event), eq(activityLog.actorId, actorId)),
    );

describe('e-mail and password sign-in routes', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it('shows the login page to guests', async () => {
    const browser = await newBrowser(t);
    const page = await browser.page('/login');
    expect(page.component).toBe('Auth/Login');
    expect(page.props).toMatchObject({ can_reset_password: true, can_register: true, status: null });
  });

  it('signs in with an e-mail: new session id, 409 for a page visit, audit entry, role route list', async () => {
    const browser = await newBrowser(t, { ip: '10.0.0.1' });
    const before = browser.sessionId;
    const res = await browser.visit('POST', '/login', {
      email: 'Customer@RenderFarm.test',
      password: 'password',
    });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/home');
    expect(browser.sessionId).toBeDefined();
    expect(browser.sessionId).not.toBe(before);
    const home = await browser.page('/home');
    expect(home.component).toBe('Users/Home');
    expect(home.props.auth.user.name).toBe('علی رضایی');
    expect(home.props.routes.routes['profile.show']).toBeDefined();
    expect(home.props.routes.routes.login).toBeUndefined();
    const [customer] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    const logins = await events(t, 'auth:login', customer!.id);
    expect(logins.at(-1)).toMatchObject({ ipAddress: '10.0.0.1', properties: { via: 'password' } });
  });

  it('signs in with a mobile number typed in Persian digits', async () => {
    const browser = await newBrowser(t, { ip: '10.0.0.2' });
    const res = await browser.post('/login', { email: '۰۹۱۲ ۰۰۰ ۰۰۰۰', password: 'password' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/home');
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const browser = await newBrowser(t, { ip: '10.0.0.3' });
    await browser.post(
      '/login',
      { email: 'customer@renderfarm.test', password: 'wrong-password' },
      { referer: '/login' },
    );
    const wrong = await browser.errorsOn('/login');
    await browser.post(
      '/login',
      { email: 'nobody@renderfarm.test', password: 'wrong-password' },
      { referer: '/login' },
    );
    const unknown = await browser.errorsOn('/login');
    expect(wrong.email).toBe('ایمیل، موبایل یا رمز عبور درست نیست.');
    expect(unknown).toEqual(wrong);
    expect((await events(t, 'auth:failed')).length).toBeGreaterThanOrEqual(2);
    // Still a guest.
    expect((await browser.page('/login')).props.auth.user).toBeNull();
  });

  it('throttles an account after five failures, even for the right password', async () => {
    const browser = await newBrowser(t, { ip: '10.0.0.4' });
    for (let i = 0; i < 5; i++) {
      await browser.post('/login', { email: 'care@renderfarm.test', password: `wrong-${i}` });
    }
    await browser.post(
      '/login',
      { email: 'care@renderfarm.test', password: 'password' },
      { referer: '/login' },
    );
    expect((await browser.errorsOn('/login')).email).toMatch(/بیش از حد مجاز/);
    expect((await browser.page('/login')).props.auth.user).toBeNull();
  });

  it('sends a guest to login and back to the page they wanted', async () => {
    const browser = await newBrowser(t, { ip: '10.0.0.5' });
    const refused = await browser.request('GET', '/user/profile');
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/login');
    const res = await browser.post('/login', { email: 'admin@renderfarm.test', password: 'password' });
    expect(res.headers.location).toBe('/user/profile');
    expect((await browser.page('/user/profile')).component).toBe('Profile/Show');
  });

  it('sends signed-in users away from guest pages to users.home', async () => {
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.0.0.6' });
    for (const url of ['/login', '/register', '/forgot-password', '/auth/signin', '/auth/signup']) {
      const res = await browser.request('GET', url);
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe('/home');
    }
  });

  it('logs out: session ended, new CSRF token, 409 to home, audit entry', async () => {
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.0.0.7' });
    const oldSession = browser.sessionId!;
    const oldXsrf = browser.jar.get('XSRF-TOKEN');
    const res = await browser.visit('POST', '/logout');
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/');
    expect(browser.jar.get('XSRF-TOKEN')).not.toBe(oldXsrf);
    expect(browser.sessionId).not.toBe(oldSession);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, oldSession.split('.')[0]!));
    expect(rows).toHaveLength(0);
    expect((await browser.request('GET', '/home')).headers.location).toBe('/login');
    expect((await events(t, 'auth:logout')).length).toBeGreaterThan(0);
  });

  it('refuses a logout without the CSRF token', async () => {
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.0.0.8' });
    const res = await browser.request('POST', '/logout', {}, { 'x-xsrf-token': 'forged' });
    expect(res.statusCode).toBe(419);
    expect((await browser.page('/home')).props.auth.user).not.toBeNull();
  });
});

describe('registration and e-mail verification', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  const register = {
    name: 'مریم کاظمی',
    email: 'maryam@example.com',
    password: 'a long passphrase',
    password_confirmation: 'a long passphrase',
    terms: true,
  };

  it('creates a customer, signs in, mails a signed link that verifies the address', async () => {
    const browser = await newBrowser(t, { ip: '10.1.0.1' });
    const res = await browser.visit('POST', '/register', register);
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/email/verify');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'maryam@example.com'));
    expect(user).toMatchObject({ role: 'customer', emailVerifiedAt: null });

    // Unverified: account pages send to the notice.
    const gated = await browser.request('GET', '/user/profile');
    expect(gated.headers.location).toBe('/email/verify');
    expect((await browser.page('/email/verify')).component).toBe('Auth/VerifyEmail');

    const [mail] = await readMail(t.storageDir, 'maryam@example.com');
    const link = mail!.links.find((l) => l.includes('/email/verify/'))!;
    expect(link).toMatch(/signature=/);
    const tampered = link.replace(/expires=\d+/, 'expires=9999999999');
    expect(
      (await browser.request('GET', new URL(tampered).pathname + new URL(tampered).search)).statusCode,
    ).toBe(403);
    const ok = await browser.request('GET', new URL(link).pathname + new URL(link).search);
    expect(ok.statusCode).toBe(302);
    // A new account's first verified address lands on the welcome checklist, as the mobile sign-up.
    expect(ok.headers.location).toBe('/auth/welcome');
    expect((await browser.page('/auth/welcome')).component).toBe('Users/Landing');
    const [verified] = await t.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(verified!.emailVerifiedAt).not.toBeNull();
    expect((await browser.page('/user/profile')).component).toBe('Profile/Show');
  });

  it('refuses a taken e-mail or mobile without saying an account exists, and mails the address instead', async () => {
    const browser = await newBrowser(t, { ip: '10.1.0.2' });
    const countBefore = (await t.database.db.select().from(users)).length;
    // The address has an account: its owner is told (and offered a reset), the page names nothing.
    await browser.post('/register', register, { referer: '/register' });
    const refusal = (await browser.errorsOn('/register')).email;
    expect(refusal).toMatch(/حساب تازه‌ای ساخته نشد/);
    expect(refusal).not.toMatch(/وجود دارد|ثبت شده/);
    // A new address with a number that is someone's: the same words, and that address is told.
    const customerMobile = '09120000001';
    await browser.post(
      '/register',
      { ...register, email: 'fresh-address@example.com', mobile: customerMobile },
      { referer: '/register' },
    );
    expect((await browser.errorsOn('/register')).email).toBe(refusal);
    expect((await t.database.db.select().from(users)).length).toBe(countBefore);

    await createWorker({ db: t.database.db, handlers: t.app.jobHandlers }).drain();
    const ownerMails = (await readMail(t.storageDir)).filter((m) => m.subject.includes('تلاش برای ثبت‌نام'));
    expect(ownerMails.map((m) => m.to).sort()).toEqual(['fresh-address@example.com', register.email].sort());
    const ownersMail = ownerMails.find((m) => m.to === register.email)!;
    expect(ownersMail.text).toMatch(/از آنِ حساب شماست/);
    expect(ownersMail.text).toContain('/forgot-password');
    expect(ownerMails.find((m) => m.to === 'fresh-address@example.com')!.text).toMatch(/شماره موبایل/);

    // Tried again within the hour: no second mail to the same address.
    await browser.post('/register', register, { referer: '/register' });
    await createWorker({ db: t.database.db, handlers: t.app.jobHandlers }).drain();
    const again = (await readMail(t.storageDir)).filter((m) => m.subject.includes('تلاش برای ثبت‌نام'));
    expect(again).toHaveLength(2);
  });

  it('refuses a common password', async () => {
    const browser = await newBrowser(t, { ip: '10.1.0.3' });
    await browser.post(
      '/register',
      { ...register, email: 'x@example.com', password: 'password123', password_confirmation: 'password123' },
      { referer: '/register' },
    );
    expect((await browser.errorsOn('/register')).password).toMatch(/رایج/);
  });

  it('limits verification mails to six a minute', async () => {
    const browser = await newBrowser(t, { ip: '10.1.0.4' });
    await browser.post('/register', { ...register, email: 'limit@example.com' });
    const before = (await readMail(t.storageDir, 'limit@example.com')).length;
    for (let i = 0; i < 7; i++)
      await browser.post('/email/verification-notification', {}, { referer: '/email/verify' });
    const after = (await readMail(t.storageDir, 'limit@example.com')).length;
    expect(after - before).toBe(6);
    expect((await browser.page('/email/verify')).props.flash.error).toMatch(/بیش از حد مجاز/);
  });

  it('takes a corrected address on the notice while nothing is verified, and mails the link there only', async () => {
    const browser = await newBrowser(t, { ip: '10.1.0.6' });
    await browser.post('/register', { ...register, email: 'typo@exmaple.com' });
    const [oldMail] = await readMail(t.storageDir, 'typo@exmaple.com');
    const oldLink = new URL(oldMail!.links.find((l) => l.includes('/email/verify/'))!);
    // The profile page is closed to this account: the notice is where the address can change.
    expect((await browser.request('GET', '/user/profile')).headers.location).toBe('/email/verify');

    const change = (email: unknown) =>
      browser.request('PUT', '/email/verification-address', { email }, { referer: '/email/verify' });
    await change('not an address');
    expect((await browser.errorsOn('/email/verify')).email).toMatch(/ایمیل معتبر نیست/);
    await change('customer@renderfarm.test');
    expect((await browser.errorsOn('/email/verify')).email).toBe('این ایمیل برای حساب دیگری ثبت شده است.');
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.email, 'typo@exmaple.com'));
    expect(unchanged).toBeDefined();
    expect(await readMail(t.storageDir, 'customer@renderfarm.test')).toHaveLength(0);

    const res = await change('Typo.Fixed@Example.com');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/email/verify');
    const notice = await browser.page('/email/verify');
    expect(notice.props).toMatchObject({ status: 'verification-link-sent', email: 'typo.fixed@example.com' });
    expect(await readMail(t.storageDir, 'typo@exmaple.com')).toHaveLength(1);
    const [newMail] = await readMail(t.storageDir, 'typo.fixed@example.com');
    const newLink = new URL(newMail!.links.find((l) => l.includes('/email/verify/'))!);

    // The link sent to the mistyped address no longer verifies anything; the new one does.
    expect((await browser.request('GET', oldLink.pathname + oldLink.search)).statusCode).toBe(403);
    const ok = await browser.request('GET', newLink.pathname + newLink.search);
    expect(ok.headers.location).toBe('/auth/welcome');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'typo.fixed@example.com'));
    expect(user!.emailVerifiedAt).not.toBeNull();

    // Verified now: the notice's form changes nothing any more (the profile page does that).
    const after = await change('someone.else@example.com');
    expect(after.headers.location).toBe('/home');
    const [still] = await t.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(still!.email).toBe('typo.fixed@example.com');
  });

  it('limits corrected addresses with the resends: six links a minute in all', async () => {
    const browser = await newBrowser(t, { ip: '10.1.0.7' });
    await browser.post('/register', { ...register, email: 'hasty@example.com' });
    for (let i = 0; i < 6; i++)
      await browser.post('/email/verification-notification', {}, { referer: '/email/verify' });
    await browser.request(
      'PUT',
      '/email/verification-address',
      { email: 'hasty.fixed@example.com' },
      { referer: '/email/verify' },
    );
    expect((await browser.errorsOn('/email/verify')).email).toMatch(/بیش از حد مجاز/);
    expect(await readMail(t.storageDir, 'hasty.fixed@example.com')).toHaveLength(0);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'hasty@example.com'));
    expect(user).toBeDefined();
  });

  it('takes no new address from a session nobody confirmed lately: an SMS-only account is not handed over', async () => {
    await t.app.services.accounts.createFromVerifiedMobile({ name: 'حمید', mobile: '09351230000' });
    const thief = new TestBrowser(t, { ip: '203.0.113.68' });
    const { id } = (
      await t.database.db.select({ id: users.id }).from(users).where(eq(users.mobile, '09351230000'))
    )[0]!;
    await t.database.db
      .update(users)
      .set({ email: `sms-${id}@placeholder.test` })
      .where(eq(users.id, id));
    await thief.post('/__testing/sign-in', { email: `sms-${id}@placeholder.test` });
    await thief.page('/email/verify');
    const res = await thief.request(
      'PUT',
      '/email/verification-address',
      { email: 'thief@example.net' },
      { referer: '/email/verify' },
    );
    expect(res.headers.location).toBe('/user/confirm-password');
    expect(await readMail(t.storageDir, 'thief@example.net')).toHaveLength(0);
  });

  it('is closed when the admin closes registration', async () => {
    const { configs } = await import('../catalog/tables');
    await t.database.db.update(configs).set({ value: false }).where(eq(configs.key, 'registration_open'));
    await t.app.services.cache.forget('configs');
    const browser = await newBrowser(t, { ip: '10.1.0.5' });
    expect((await browser.page('/register')).props.status).toBe(403);
    const res = await browser.post('/register', { ...register, email: 'closed@example.com' });
    expect(res.statusCode).toBe(403);
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'closed@example.com')),
    ).toHaveLength(0);
    await t.database.db.update(configs).set({ value: true }).where(eq(configs.key, 'registration_open'));
    await t.app.services.cache.forget('configs');
  });
});

describe('forgotten password', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const browser = await newBrowser(t, { ip: '10.2.0.1' });
    await browser.post('/forgot-password', { email: 'nobody@example.com' }, { referer: '/forgot-password' });
    const unknown = (await browser.page('/forgot-password')).props.status;
    await browser.post(
      '/forgot-password',
      { email: 'customer@renderfarm.test' },
      { referer: '/forgot-password' },
    );
    const known = (await browser.page('/forgot-password')).props.status;
    expect(known).toBe(unknown);
    // The mail goes from the job queue, after the answer.
    expect(await readMail(t.storageDir, 'customer@renderfarm.test')).toHaveLength(0);
    await createWorker({ db: t.database.db, handlers: t.app.jobHandlers }).drain();
    expect(await readMail(t.storageDir, 'nobody@example.com')).toHaveLength(0);
    expect(await readMail(t.storageDir, 'customer@renderfarm.test')).toHaveLength(1);
  });

  it('resets with the mailed link once, ends every session, and signs in with the new password', async () => {
    const elsewhere = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.2.0.2' });
    const [mail] = await readMail(t.storageDir, 'customer@renderfarm.test');
    const link = new URL(mail!.links.find((l) => l.includes('/reset-password/'))!);
    const browser = await newBrowser(t, { ip: '10.2.0.3' });
    const page = await browser.page(link.pathname + link.search);
    expect(page.component).toBe('Auth/ResetPassword');
    expect(page.props.email).toBe('customer@renderfarm.test');
    const body = {
      token: page.props.token,
      email: page.props.email,
      password: 'new secret phrase',
      password_confirmation: 'new secret phrase',
    };
    const res = await browser.post('/reset-password', body);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect((await browser.page('/login')).props.status).toMatch(/رمز عبور شما تغییر کرد/);

    // The other browser's session is gone.
    expect((await elsewhere.request('GET', '/home')).headers.location).toBe('/login');
    // Single use.
    await browser.post(
      '/reset-password',
      { ...body, password: 'another phrase 1', password_confirmation: 'another phrase 1' },
      { referer: '/reset' },
    );
    expect((await browser.errorsOn('/login')).email).toMatch(/معتبر نیست/);
    const fresh = await newBrowser(t, { ip: '10.2.0.4' });
    expect(
      (await fresh.post('/login', { email: 'customer@renderfarm.test', password: 'new secret phrase' }))
        .headers.location,
    ).toBe('/home');
  });
});
