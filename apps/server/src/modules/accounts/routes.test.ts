import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password';
import { createWorker } from '../../platform/jobs/worker';
import { readMail } from '../../platform/mail';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, newBrowser, TestBrowser } from '../auth/test-support';
import { users } from '../users/tables';
import { ACCOUNT_DELETED } from './routes';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

describe('Profile/Show and its forms', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it('shows sessions, 2FA state and delete blockers', async () => {
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', {
      ip: '10.5.0.1',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
    });
    const page = await browser.page('/user/profile');
    expect(page.component).toBe('Profile/Show');
    expect(page.props.confirms_two_factor_authentication).toBe(true);
    expect(page.props.sessions).toContainEqual(
      expect.objectContaining({
        agent: { platform: 'Windows', browser: 'Chrome', is_desktop: true },
        ip_address: '10.5.0.1',
        is_current_device: true,
      }),
    );
    // The demo customer has money in the wallet, machines, a pro-forma waiting for payment and drives (the seed).
    expect(page.props.delete_blockers.map((b: { code: string }) => b.code)).toEqual([
      'balance',
      'machines',
      'unpaid_invoices',
      'drives',
    ]);
    expect(JSON.stringify(page.props)).not.toMatch(/password_hash|two_factor_secret/);
  });

  it('updates the name and e-mail; a new e-mail is unverified and gets a link', async () => {
    const browser = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.5.0.2' });
    const res = await browser.request(
      'PUT',
      '/user/profile-information',
      { name: 'سارا پشتیبان‌زاده', email: 'Sara.Care@Example.com' },
      { referer: '/user/profile' },
    );
    expect(res.statusCode).toBe(303);
    // Her mobile is verified, so the profile stays open to her: back to it.
    expect(res.headers.location).toBe('/user/profile');
    const [user] = await t.database.db.select().from(users).where(eq(users.mobile, '09120000002'));
    expect(user).toMatchObject({
      name: 'سارا پشتیبان‌زاده',
      email: 'sara.care@example.com',
      emailVerifiedAt: null,
    });
    expect(await readMail(t.storageDir, 'sara.care@example.com')).toHaveLength(1);
    // Someone else's address is refused.
    await browser.request(
      'PUT',
      '/user/profile-information',
      { name: 'سارا', email: 'admin@renderfarm.test' },
      { referer: '/user/profile' },
    );
    expect((await browser.errorsOn('/user/profile')).email).toMatch(/حساب دیگری/);
  });

  it('sends an account whose only verified contact was the old e-mail to the notice, with its messages', async () => {
    const browser = await newBrowser(t, { ip: '10.5.0.10' });
    await browser.post('/register', {
      name: 'Nima Farahani',
      email: 'nima.old@example.com',
      password: 'moving address phrase',
      password_confirmation: 'moving address phrase',
      terms: true,
    });
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, 'nima.old@example.com'));
    const res = await browser.request(
      'PUT',
      '/user/profile-information',
      { name: 'Nima Farahani', email: 'nima.new@example.com' },
      { referer: '/user/profile' },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/email/verify');
    const notice = await browser.page('/email/verify');
    expect(notice.component).toBe('Auth/VerifyEmail');
    expect(notice.props).toMatchObject({ status: 'verification-link-sent', email: 'nima.new@example.com' });
    expect(notice.props.flash.success).toBe('مشخصات شما ذخیره شد.');
    expect(await readMail(t.storageDir, 'nima.new@example.com')).toHaveLength(1);
  });

  it('asks for the password again before the e-mail changes in a session not confirmed lately, and tells the old address', async () => {
    const owner = await newBrowser(t, { ip: '10.5.0.11' });
    await owner.post('/register', {
      name: 'Parisa Amini',
      email: 'parisa.old@example.com',
      password: 'stolen cookie phrase',
      password_confirmation: 'stolen cookie phrase',
      terms: true,
    });
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, 'parisa.old@example.com'));
    // Someone holding a session of hers in which nobody typed her password lately.
    const thief = new TestBrowser(t, { ip: '203.0.113.66' });
    await thief.post('/__testing/sign-in', { email: 'parisa.old@example.com' });
    await thief.page('/user/profile');
    const res = await thief.request(
      'PUT',
      '/user/profile-information',
      { name: 'Parisa Amini', email: 'thief@example.net' },
      { referer: '/user/profile' },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/user/confirm-password');
    const [kept] = await t.database.db.select().from(users).where(eq(users.name, 'Parisa Amini'));
    expect(kept!.email).toBe('parisa.old@example.com');
    expect(await readMail(t.storageDir, 'thief@example.net')).toHaveLength(0);

    // The name alone changes without it.
    const renamed = await thief.request(
      'PUT',
      '/user/profile-information',
      { name: 'Parisa A.', email: 'parisa.old@example.com' },
      { referer: '/user/profile' },
    );
    expect(renamed.headers.location).toBe('/user/profile');

    // With her password typed again, the change goes through, and the old address hears of it.
    await owner.post('/user/confirm-password', { password: 'stolen cookie phrase' });
    await owner.page('/user/profile');
    const moved = await owner.request(
      'PUT',
      '/user/profile-information',
      { name: 'Parisa A.', email: 'parisa.new@example.com' },
      { referer: '/user/profile' },
    );
    expect(moved.headers.location).toBe('/email/verify');
    await createWorker({ db: t.database.db, handlers: t.app.jobHandlers }).drain();
    const told = (await readMail(t.storageDir, 'parisa.old@example.com')).find(
      (mail) => mail.subject === 'ایمیل حساب شما تغییر کرد',
    );
    expect(told!.text).toContain('p***@example.com');
    expect(told!.text).not.toContain('parisa.new@example.com');
  });

  it('changes the password: current one required, other sessions ended, this one rotated', async () => {
    const other = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.5.0.3' });
    const browser = await logIn(t, 'admin@renderfarm.test', 'password', { ip: '10.5.0.4' });
    await browser.request(
      'PUT',
      '/user/password',
      {
        current_password: 'bad',
        password: 'fresh staff phrase',
        password_confirmation: 'fresh staff phrase',
      },
      { referer: '/user/profile' },
    );
    expect((await browser.errorsOn('/user/profile')).current_password).toBe('رمز عبور درست نیست.');
    const before = browser.sessionId;
    const res = await browser.request(
      'PUT',
      '/user/password',
      {
        current_password: 'password',
        password: 'fresh staff phrase',
        password_confirmation: 'fresh staff phrase',
      },
      { referer: '/user/profile' },
    );
    expect(res.statusCode).toBe(303);
    expect(browser.sessionId).not.toBe(before);
    expect((await browser.page('/user/profile')).props.auth.user).not.toBeNull();
    expect((await other.request('GET', '/home')).headers.location).toBe('/login');
    const [changed] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'auth:password.changed'));
    expect(changed).toBeDefined();
  });

  it('logs out other browser sessions with the password', async () => {
    const other = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.5.0.5' });
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.5.0.6' });
    await browser.request(
      'DELETE',
      '/user/other-browser-sessions',
      { password: 'wrong' },
      { referer: '/user/profile' },
    );
    expect((await browser.errorsOn('/user/profile')).password).toBe('رمز عبور درست نیست.');
    expect((await other.page('/home')).props.auth.user).not.toBeNull();
    await browser.request(
      'DELETE',
      '/user/other-browser-sessions',
      { password: 'password' },
      { referer: '/user/profile' },
    );
    expect((await other.request('GET', '/home')).headers.location).toBe('/login');
    const page = await browser.page('/user/profile');
    expect(page.props.sessions).toHaveLength(1);
  });

  it('refuses to delete an account with a balance, saying why; deletes one without', async () => {
    const customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.5.0.7' });
    await customer.request('DELETE', '/user', { password: 'password' }, { referer: '/user/profile' });
    const refusal = (await customer.errorsOn('/user/profile')).form;
    expect(refusal).toMatch(/موجودی/);
    expect(refusal).toMatch(/سرور دارید/);
    expect((await customer.page('/home')).props.auth.user).not.toBeNull();

    const fresh = await newBrowser(t, { ip: '10.5.0.8' });
    await fresh.post('/register', {
      name: 'Temp User',
      email: 'leaving@example.com',
      password: 'temporary phrase',
      password_confirmation: 'temporary phrase',
      terms: true,
    });
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, 'leaving@example.com'));
    const res = await fresh.visit('DELETE', '/user', { password: 'temporary phrase' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['x-inertia-location']).toBe('/');
    expect(
      await t.database.db.select().from(users).where(eq(users.email, 'leaving@example.com')),
    ).toHaveLength(0);
    // The guest session after it says what happened, once.
    const home = await fresh.page('/');
    expect(home.props.flash.success).toBe(ACCOUNT_DELETED);
    expect(home.props.auth.user).toBeNull();
    expect((await fresh.page('/')).props.flash.success ?? null).toBeNull();
    expect((await fresh.request('GET', '/home')).headers.location).toBe('/login');
  });

  it('removes the profile photo', async () => {
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.5.0.9' });
    await t.database.db
      .update(users)
      .set({ photoPath: 'photos/none.jpg' })
      .where(eq(users.email, 'customer@renderfarm.test'));
    expect(
      (await browser.request('DELETE', '/user/profile-photo', {}, { referer: '/user/profile' })).statusCode,
    ).toBe(303);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    expect(user!.photoPath).toBeNull();
  });
});

describe('API tokens and the Bearer JSON API', () => {
  let t: T;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  const api = (token: string | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('creates a token shown once, lists it, and the token reads the API', async () => {
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.6.0.1' });
    await browser.post(
      '/user/api-tokens',
      { name: 'اسکریپت رندر', permissions: ['read', 'update'] },
      { referer: '/user/api-tokens' },
    );
    const page = await browser.page('/user/api-tokens');
    expect(page.component).toBe('API/Index');
    const token = page.props.flash.token as string;
    expect(token).toMatch(/^\d+\|[A-Za-z0-9_-]{40,}$/);
    expect(page.props.tokens).toEqual([
      expect.objectContaining({ name: 'اسکریپت رندر', abilities: ['read', 'update'], last_used_ago: null }),
    ]);
    expect(page.props.available_permissions).toEqual(['read', 'create', 'update', 'delete']);
    expect(page.props.default_permissions).toEqual(['read']);
    expect((await browser.page('/user/api-tokens')).props.flash.token).toBeUndefined();

    const me = await api(token, '/api/v1/me');
    expect(me.statusCode).toBe(200);
    // The seed's top-up and bonus less the usage it charged.
    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    expect(me.json().data).toMatchObject({
      email: 'customer@renderfarm.test',
      balance: owner!.balance,
      kyc_status: 'approved',
    });
    const items = await api(token, '/api/v1/items?per_page=1');
    expect(items.json().data).toHaveLength(1);
    expect(items.json().meta).toMatchObject({ page: 1, per_page: 1, has_more: true });
    expect(
      (await api(token, '/api/v1/items?type=topup'))
        .json()
        .data.every((i: { type: string }) => i.type === 'topup'),
    ).toBe(true);
    expect((await api(token, '/api/v1/items?per_page=1000')).statusCode).toBe(422);
    expect((await browser.page('/user/api-tokens')).props.tokens[0].last_used_ago).not.toBeNull();
    const [created] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'token:created'));
    expect(created).toBeDefined();
  });

  it('refuses a missing, forged or ability-less token, and ignores the session', async () => {
    expect((await api(undefined, '/api/v1/me')).statusCode).toBe(401);
    expect((await api('1|forgedforgedforgedforgedforged', '/api/v1/me')).statusCode).toBe(401);
    // An id past what the column holds is no token either, not a server error.
    const huge = await api('9999999999|forgedforgedforgedforgedforged', '/api/v1/me');
    expect(huge.statusCode).toBe(401);
    expect(huge.json().message).toMatch(/[\u0600-\u06FF]/);
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.6.0.2' });
    expect((await browser.request('GET', '/api/v1/me')).statusCode).toBe(401);
    await browser.post('/user/api-tokens', { name: 'write only', permissions: ['create'] });
    const token = (await browser.page('/user/api-tokens')).props.flash.token as string;
    const res = await api(token, '/api/v1/me');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/خواندن/);
  });

  it('limits a token to 60 requests a minute', async () => {
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.6.0.3' });
    await browser.post('/user/api-tokens', { name: 'busy', permissions: ['read'] });
    const token = (await browser.page('/user/api-tokens')).props.flash.token as string;
    for (let i = 0; i < 60; i++) await api(token, '/api/v1/me');
    const res = await api(token, '/api/v1/me');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a token id past 2³¹ with a Persian 404, not a 500', async () => {
    const browser = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.6.0.9' });
    await browser.page('/user/api-tokens');
    for (const [method, body] of [
      ['PUT', { permissions: ['read'] }],
      ['DELETE', {}],
    ] as const) {
      const res = await browser.visit(method, '/user/api-tokens/2147483648', body, {
        referer: '/user/api-tokens',
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().props.message, method).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('changes abilities and deletes; another customer gets 404 and changes nothing', async () => {
    const owner = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.6.0.4' });
    await owner.post('/user/api-tokens', { name: 'mine', permissions: ['read'] });
    const token = (await owner.page('/user/api-tokens')).props.flash.token as string;
    const id = token.split('|')[0];
    // Another approved customer.
    await t.database.db.insert(users).values({
      name: 'مشتری دیگر',
      email: 'other@example.com',
      mobile: '09121112222',
      emailVerifiedAt: new Date(),
      kycStatus: 'approved',
      passwordHash: await hashPassword('other secret phrase'),
    });
    const other = await logIn(t, 'other@example.com', 'other secret phrase', { ip: '10.6.0.5' });
    expect(
      (await other.request('PUT', `/user/api-tokens/${id}`, { permissions: ['delete'] })).statusCode,
    ).toBe(404);
    expect((await other.request('DELETE', `/user/api-tokens/${id}`)).statusCode).toBe(404);
    expect((await api(token, '/api/v1/me')).statusCode).toBe(200);

    await owner.request(
      'PUT',
      `/user/api-tokens/${id}`,
      { permissions: ['create'] },
      { referer: '/user/api-tokens' },
    );
    expect((await api(token, '/api/v1/me')).statusCode).toBe(403);
    await owner.request('DELETE', `/user/api-tokens/${id}`, {}, { referer: '/user/api-tokens' });
    expect((await api(token, '/api/v1/me')).statusCode).toBe(401);
    const [deleted] = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'token:deleted'));
    expect(deleted).toBeDefined();
  });

  it('keeps API/Index for accounts whose identity check is approved', async () => {
    const care = await logIn(t, 'care@renderfarm.test', 'password', { ip: '10.6.0.6' });
    const res = await care.request('GET', '/user/api-tokens');
    expect(res.statusCode).toBe(303);
    expect(res.headers['x-refused']).toBe('kyc');
  });
});
