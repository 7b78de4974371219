import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password';
import { createWorker } from '../../platform/jobs/worker';
import { readMail } from '../../platform/mail';
import { activityLog } from '../activity/tables';
import { sessions } from '../sessions/tables';
import { users } from '../users/tables';
import { createRememberCookie, REMEMBER_COOKIE } from './remember-cookie';
import { REMEMBER_DAYS, type RememberTokenService } from './remember-tokens';
import { rememberTokens } from './tables';
import { createAuthTestApp, newBrowser, TestBrowser } from './test-support';
import { totp } from './totp';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;
const PASSWORD = 'a long remembered phrase';

describe('remember me', () => {
  let t: T;
  let hash: string;
  let serial = 0;
  beforeAll(async () => {
    t = await createAuthTestApp();
    hash = await hashPassword(PASSWORD);
  });
  afterAll(() => t.close());

  /** A fresh verified account per test: tests change passwords and revoke tokens. */
  const account = async () => {
    serial += 1;
    const email = `remember${serial}@example.com`;
    const [user] = await t.database.db
      .insert(users)
      .values({ name: 'کاربر', email, passwordHash: hash, emailVerifiedAt: new Date() })
      .returning();
    return { email, id: user!.id };
  };
  const signIn = async (email: string, remember: unknown, ip = '10.8.0.1') => {
    const browser = await newBrowser(t, { ip });
    const res = await browser.post('/login', { email, password: PASSWORD, remember });
    expect(res.statusCode).toBe(302);
    return { browser, res };
  };
  /** The session ran out (or the browser was closed): only the remember cookie is left. */
  const forgetSession = (browser: TestBrowser) => {
    browser.jar.delete('renderfarm_session');
    browser.jar.delete('XSRF-TOKEN');
  };
  const tokensOf = (userId: number) =>
    t.database.db.select().from(rememberTokens).where(eq(rememberTokens.userId, userId));

  it('sets no cookie when the box is not ticked', async () => {
    const { id, email } = await account();
    const { res } = await signIn(email, false);
    expect(res.cookies.find((c) => c.name === REMEMBER_COOKIE)).toBeUndefined();
    expect(await tokensOf(id)).toHaveLength(0);
  });

  it('issues a 30-day signed HttpOnly SameSite=Lax cookie whose secret is stored only hashed', async () => {
    const { id, email } = await account();
    const { res } = await signIn(email, 'on');
    const set = res.cookies.find((c) => c.name === REMEMBER_COOKIE) as Record<string, unknown>;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set.secure).toBeFalsy();
    expect(Math.abs((set.maxAge as number) - REMEMBER_DAYS * 86_400)).toBeLessThan(5);
    const [userId, tokenId, secret] = String(set.value).split('.');
    expect(Number(userId)).toBe(id);
    const [row] = await tokensOf(id);
    expect(row!.id).toBe(Number(tokenId));
    expect(row!.tokenHash).toBe(createHash('sha256').update(secret!).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('signs a remembered browser back in on a new session, logs it, and rotates the token', async () => {
    const { id, email } = await account();
    const { browser } = await signIn(email, true);
    const oldSession = browser.sessionId;
    const first = browser.jar.get(REMEMBER_COOKIE)!;
    forgetSession(browser);

    const page = await browser.page('/home');
    expect(page.component).toBe('Users/Home');
    expect(page.props.auth.user.id).toBe(id);
    expect(browser.sessionId).toBeDefined();
    expect(browser.sessionId).not.toBe(oldSession);
    const rotated = browser.jar.get(REMEMBER_COOKIE)!;
    expect(rotated).not.toBe(first);
    // Same row, new secret.
    expect(rotated.split('.')[1]).toBe(first.split('.')[1]);
    const logins = await t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.event, 'auth:login'), eq(activityLog.actorId, id)));
    expect(logins.map((l) => l.properties)).toContainEqual({ via: 'remember' });
    // The restored session is a real one: a write with its CSRF token goes through.
    const write = await browser.post('/email/verification-notification', {}, { referer: '/home' });
    expect(write.statusCode).toBe(303);
    // The password was not typed: sensitive actions still ask for it.
    expect((await browser.request('GET', '/user/confirmed-password-status')).json()).toEqual({
      confirmed: false,
    });
  });

  it('lets the old secret in during the grace period only; later reuse revokes the token', async () => {
    const { id, email } = await account();
    const { browser } = await signIn(email, true);
    const first = browser.jar.get(REMEMBER_COOKIE)!;
    forgetSession(browser);
    await browser.page('/home');

    // A request sent at the same moment with the old cookie: let in, nothing rotated again.
    const parallel = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { cookie: `${REMEMBER_COOKIE}=${first}` },
    });
    expect(parallel.statusCode).toBe(200);
    expect(parallel.cookies.find((c) => c.name === REMEMBER_COOKIE)).toBeUndefined();

    // An hour later the old secret shows up again: someone copied the cookie.
    await t.database.db
      .update(rememberTokens)
      .set({ rotatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(rememberTokens.userId, id));
    const replay = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { cookie: `${REMEMBER_COOKIE}=${first}` },
    });
    expect(replay.headers.location).toBe('/login');
    expect(replay.cookies.find((c) => c.name === REMEMBER_COOKIE)?.value).toBe('');
    expect(await tokensOf(id)).toHaveLength(0);
  });

  it('ends every session made from a token once its theft shows, the thief’s and the owner’s', async () => {
    const { id, email } = await account();
    const { browser: owner } = await signIn(email, true, '10.8.0.20');
    const stolen = owner.jar.get(REMEMBER_COOKIE)!;
    // The thief comes first with the copied cookie and gets a session of its own.
    const thief = new TestBrowser(t, { ip: '203.0.113.70' });
    thief.jar.set(REMEMBER_COOKIE, stolen);
    expect((await thief.page('/home')).status).toBe(200);
    expect(thief.sessionId).toBeDefined();
    // Later the owner's browser, its session gone, shows the same (now old) secret: theft.
    await t.database.db
      .update(rememberTokens)
      .set({ rotatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(rememberTokens.userId, id));
    forgetSession(owner);
    const replay = await owner.request('GET', '/home');
    expect(replay.headers.location).toBe('/login');
    // The session the thief made from the token is over too.
    const after = await thief.request('GET', '/home');
    expect(after.headers.location).toBe('/login');
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(left).toEqual([]);
  });

  it('ignores and clears a tampered cookie', async () => {
    const { id, email } = await account();
    const other = await account();
    const { browser } = await signIn(email, true);
    const value = browser.jar.get(REMEMBER_COOKIE)!;
    const [, tokenId, secret, signature] = value.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const forged of [
      `${other.id}.${tokenId}.${secret}.${signature}`, // another user's id
      `${id}.${tokenId}.${flip(secret!)}.${signature}`, // another secret
      `${id}.${tokenId}.${secret}.${flip(signature!)}`, // another signature
      'garbage',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/home',
        headers: { cookie: `${REMEMBER_COOKIE}=${forged}` },
      });
      expect(res.headers.location, forged).toBe('/login');
      const cleared = res.cookies.find((c) => c.name === REMEMBER_COOKIE);
      expect(cleared?.value, forged).toBe('');
    }
    // The genuine cookie still works: forgeries revoke nothing.
    expect(await tokensOf(id)).toHaveLength(1);
  });

  it('logout revokes the tokens and clears the cookie; the old value is then ignored', async () => {
    const { id, email } = await account();
    const { browser } = await signIn(email, 'on', '10.8.0.2');
    await signIn(email, 'on', '10.8.0.3');
    expect(await tokensOf(id)).toHaveLength(2);
    const value = browser.jar.get(REMEMBER_COOKIE)!;
    const res = await browser.visit('POST', '/logout');
    expect(res.statusCode).toBe(409);
    expect(res.cookies.find((c) => c.name === REMEMBER_COOKIE)?.value).toBe('');
    expect(browser.jar.has(REMEMBER_COOKIE)).toBe(false);
    expect(await tokensOf(id)).toHaveLength(0);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { cookie: `${REMEMBER_COOKIE}=${value}` },
    });
    expect(replay.headers.location).toBe('/login');
    expect(replay.cookies.find((c) => c.name === REMEMBER_COOKIE)?.value).toBe('');
  });

  it('a password change keeps this browser remembered and revokes the others', async () => {
    const { id, email } = await account();
    const { browser } = await signIn(email, true, '10.8.0.4');
    const { browser: other } = await signIn(email, true, '10.8.0.5');
    const res = await browser.request(
      'PUT',
      '/user/password',
      {
        current_password: PASSWORD,
        password: 'a newer remembered phrase',
        password_confirmation: 'a newer remembered phrase',
      },
      { referer: '/user/profile' },
    );
    expect(res.statusCode).toBe(303);
    const left = await tokensOf(id);
    expect(left.map((r) => r.id)).toEqual([Number(browser.jar.get(REMEMBER_COOKIE)!.split('.')[1])]);
    forgetSession(other);
    expect((await other.request('GET', '/home')).headers.location).toBe('/login');
    expect(other.jar.has(REMEMBER_COOKIE)).toBe(false);
    forgetSession(browser);
    expect((await browser.page('/home')).props.auth.user.id).toBe(id);
  });

  it('"log out other browser sessions" revokes the other browsers\' tokens', async () => {
    const { id, email } = await account();
    const { browser } = await signIn(email, true, '10.8.0.6');
    const { browser: other } = await signIn(email, true, '10.8.0.7');
    const res = await browser.request(
      'DELETE',
      '/user/other-browser-sessions',
      { password: PASSWORD },
      { referer: '/user/profile' },
    );
    expect(res.statusCode).toBe(303);
    expect(await tokensOf(id)).toHaveLength(1);
    forgetSession(other);
    expect((await other.request('GET', '/home')).headers.location).toBe('/login');
    forgetSession(browser);
    expect((await browser.page('/home')).props.auth.user.id).toBe(id);
  });

  it('a password reset revokes every token', async () => {
    const { id, email } = await account();
    const { browser } = await signIn(email, true, '10.8.0.8');
    await t.app.services.passwordReset.request(email);
    // The link is mailed by a job (the request answers alike for any address).
    await createWorker({ db: t.database.db, handlers: t.app.jobHandlers }).drain();
    const [mail] = await readMail(t.storageDir, email);
    const link = new URL(mail!.links.find((l) => l.includes('/reset-password/'))!);
    await t.app.services.passwordReset.reset({
      token: link.pathname.split('/').pop()!,
      email,
      password: 'a reset remembered phrase',
    });
    expect(await tokensOf(id)).toHaveLength(0);
    forgetSession(browser);
    expect((await browser.request('GET', '/home')).headers.location).toBe('/login');
  });

  it('waits for the second factor before remembering a 2FA account', async () => {
    const { id, email } = await account();
    const { secret } = await t.app.services.twoFactor.enable(id);
    const { recoveryCodes } = await t.app.services.twoFactor.confirm(id, totp(secret, new Date()));
    const browser = await newBrowser(t, { ip: '10.8.0.9' });
    const res = await browser.post('/login', { email, password: PASSWORD, remember: 'on' });
    expect(res.headers.location).toBe('/two-factor-challenge');
    expect(res.cookies.find((c) => c.name === REMEMBER_COOKIE)).toBeUndefined();
    expect(await tokensOf(id)).toHaveLength(0);
    const passed = await browser.post('/two-factor-challenge', { recovery_code: recoveryCodes[0] });
    expect(passed.statusCode).toBe(302);
    expect(browser.jar.has(REMEMBER_COOKIE)).toBe(true);
    expect(await tokensOf(id)).toHaveLength(1);
    // The remembered browser skips the challenge later, as the cookie was earned through it.
    forgetSession(browser);
    expect((await browser.page('/home')).props.auth.user.id).toBe(id);
  });
});

describe('remember cookie attributes', () => {
  it('is Secure when the app runs in production', async () => {
    const tokens = {
      issue: async () => ({
        tokenId: 7,
        secret: 'x'.repeat(43),
        expiresAt: new Date(Date.now() + 86_400_000),
      }),
    } as unknown as RememberTokenService;
    const remember = createRememberCookie({
      appKey: 'k'.repeat(44),
      secure: true,
      db: undefined as never,
      tokens,
    });
    const app = Fastify();
    await app.register(cookie);
    app.get('/', async (request, reply) => {
      await remember.remember(request, reply, { id: 3 } as never);
      return 'ok';
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    const set = res.cookies.find((c) => c.name === REMEMBER_COOKIE) as Record<string, unknown>;
    expect(set).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(remember.decode(String(set.value))).toEqual({ userId: 3, tokenId: 7, secret: 'x'.repeat(43) });
    // Signed with this app's key only.
    const otherApp = createRememberCookie({
      appKey: 'j'.repeat(44),
      secure: true,
      db: undefined as never,
      tokens,
    });
    expect(otherApp.decode(String(set.value))).toBeNull();
    await app.close();
  });
});
