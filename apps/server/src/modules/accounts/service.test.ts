import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password';
import { createMemoryRateLimiter, type RateLimiter } from '../../lib/rate-limit';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { activityLog } from '../activity/tables';
import { sessions } from '../sessions/tables';
import { users } from '../users/tables';
import { createApiTokenService } from './api-tokens';
import { createAccountService, LOGIN_LIMITS } from './service';

describe(`accounts (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let accounts: ReturnType<typeof createAccountService>;

  beforeAll(async () => {
    database = await createTestDatabase();
    accounts = createAccountService({ db: database.db, limiter: createMemoryRateLimiter() });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates a customer from e-mail and password, found case-insensitively', async () => {
    const user = await accounts.createWithPassword({
      name: ' مریم ',
      email: ' Maryam@Example.TEST ',
      mobile: '۰۹۱۲ ۱۱۱ ۲۲۳۳',
      password: 'کوه-دماوند-۱۴۰۳',
    });
    expect(user).toMatchObject({
      name: 'مریم',
      email: 'maryam@example.test',
      mobile: '09121112233',
      role: 'customer',
    });
    expect(await verifyPassword('کوه-دماوند-۱۴۰۳', user.passwordHash!)).toBe(true);
    expect((await accounts.findByEmail('MARYAM@example.test'))?.id).toBe(user.id);
    expect((await accounts.findByMobile('+989121112233'))?.id).toBe(user.id);
    expect((await accounts.findByLogin('09121112233'))?.id).toBe(user.id);
    expect(await accounts.findByEmail('nobody@example.test')).toBeNull();
    await expect(
      accounts.createWithPassword({ name: 'x', email: 'maryam@EXAMPLE.test', password: 'another-long-one' }),
    ).rejects.toMatchObject({ code: 'RF_AUTH_ACCOUNT_EXISTS' });
  });

  it('refuses a weak password naming the rule, and a bad mobile', async () => {
    await expect(
      accounts.createWithPassword({ name: 'x', email: 'reza.k@example.test', password: 'reza.k-2025!' }),
    ).rejects.toMatchObject({ code: 'RF_AUTH_PASSWORD_WEAK', message: expect.stringMatching(/ایمیل/) });
    await expect(
      accounts.createWithPassword({
        name: 'x',
        email: 'y@example.test',
        mobile: '123',
        password: 'long-enough-pw',
      }),
    ).rejects.toMatchObject({ code: 'RF_AUTH_MOBILE_INVALID' });
  });

  it('creates a customer from a verified mobile', async () => {
    const user = await accounts.createFromVerifiedMobile({ name: 'علی', mobile: '09351234567' });
    expect(user).toMatchObject({ mobile: '09351234567', email: null, passwordHash: null });
    expect(user.mobileVerifiedAt).toBeInstanceOf(Date);
    await expect(
      accounts.createFromVerifiedMobile({ name: 'x', mobile: '+98 935 123 4567' }),
    ).rejects.toMatchObject({
      code: 'RF_AUTH_ACCOUNT_EXISTS',
    });
  });

  it('signs in with the right password and gives one answer for every failure', async () => {
    await accounts.createWithPassword({
      name: 'ن',
      email: 'login@example.test',
      password: 'right-password-1',
    });
    const ok = await accounts.attemptLogin({
      identifier: 'LOGIN@example.test',
      password: 'right-password-1',
      ip: '192.0.2.1',
    });
    expect(ok).toMatchObject({ status: 'ok', twoFactorRequired: false });
    const wrong = await accounts.attemptLogin({
      identifier: 'login@example.test',
      password: 'nope',
      ip: '192.0.2.1',
    });
    const unknown = await accounts.attemptLogin({
      identifier: 'ghost@example.test',
      password: 'nope',
      ip: '192.0.2.1',
    });
    const noPassword = await accounts.attemptLogin({
      identifier: '09351234567',
      password: 'nope',
      ip: '192.0.2.1',
    });
    expect(wrong).toEqual(unknown);
    expect(noPassword).toEqual(unknown);
    const events = await database.db.select({ event: activityLog.event }).from(activityLog);
    expect(events.filter((e) => e.event === 'auth:failed')).toHaveLength(3);
    expect(events.filter((e) => e.event === 'auth:login')).toHaveLength(1);
  });

  it('throttles an account after 5 failures, for any IP', async () => {
    await accounts.createWithPassword({
      name: 'ت',
      email: 'throttle@example.test',
      password: 'right-password-2',
    });
    for (let i = 0; i < 5; i++) {
      await accounts.attemptLogin({
        identifier: 'throttle@example.test',
        password: 'bad',
        ip: `198.51.100.${i}`,
      });
    }
    const locked = await accounts.attemptLogin({
      identifier: 'throttle@example.test',
      password: 'right-password-2',
      ip: '198.51.100.99',
    });
    expect(locked).toMatchObject({ status: 'throttled', message: expect.stringMatching(/ثانیه/) });
    expect((locked as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
  });

  it('counts concurrent wrong passwords as they arrive: 100 at once → at most the limit checked', async () => {
    await accounts.createWithPassword({
      name: 'ه',
      email: 'burst@example.test',
      password: 'right-password-6',
    });
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        accounts.attemptLogin({
          identifier: 'burst@example.test',
          password: `wrong-${i}`,
          ip: `203.0.113.${i}`,
        }),
      ),
    );
    const checked = outcomes.filter((o) => o.status === 'failed').length;
    expect(checked).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
    expect(outcomes.filter((o) => o.status === 'throttled')).toHaveLength(100 - checked);
    const right = await accounts.attemptLogin({
      identifier: 'burst@example.test',
      password: 'right-password-6',
      ip: '203.0.113.200',
    });
    expect(right.status).toBe('throttled');
  });

  it('refuses the right password sent in a burst after the limit (11 wrong + 1 right)', async () => {
    await accounts.createWithPassword({
      name: 'ی',
      email: 'mixed@example.test',
      password: 'right-password-7',
    });
    // The right password is sent once the eleven wrong ones have taken their places, while their
    // hashes may still run: it is refused because they were counted as they arrived. (Sent in
    // one Promise.all, the order in which the tries reach the limiter follows their account
    // lookups, which PostgreSQL's pool answers in any order.)
    const limiter = createMemoryRateLimiter();
    let placed = 0;
    let allPlaced!: () => void;
    const eleven = new Promise<void>((resolve) => {
      allPlaced = resolve;
    });
    const counting: RateLimiter = {
      ...limiter,
      async hit(key, limit, windowSeconds) {
        const result = await limiter.hit(key, limit, windowSeconds);
        if (key.startsWith('login:account:') && ++placed === 11) allPlaced();
        return result;
      },
    };
    const own = createAccountService({ db: database.db, limiter: counting });
    const wrong = Array.from({ length: 11 }, (_, i) =>
      own.attemptLogin({ identifier: 'mixed@example.test', password: `wrong-${i}`, ip: '203.0.114.1' }),
    );
    await eleven;
    const right = await own.attemptLogin({
      identifier: 'mixed@example.test',
      password: 'right-password-7',
      ip: '203.0.114.1',
    });
    expect(right.status).toBe('throttled');
    const outcomes = await Promise.all(wrong);
    expect(outcomes.filter((o) => o.status === 'failed')).toHaveLength(LOGIN_LIMITS.perAccount);
    expect(outcomes.filter((o) => o.status === 'throttled')).toHaveLength(11 - LOGIN_LIMITS.perAccount);
  });

  it('counts one IP’s concurrent tries across accounts against the IP limit', async () => {
    // The IP's counter starts two short of its limit, so the burst costs two hashes, not twenty.
    const limiter = createMemoryRateLimiter();
    const own = createAccountService({ db: database.db, limiter });
    for (let i = 0; i < LOGIN_LIMITS.perIp - 2; i++) await limiter.hit('login:ip:203.0.115.1', 20, 60);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        own.attemptLogin({ identifier: `nobody-${i}@example.test`, password: 'x', ip: '203.0.115.1' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'failed')).toHaveLength(2);
  });

  it('gives back the IP’s place on a right password, so people behind one address can sign in', async () => {
    await accounts.createWithPassword({
      name: 'د',
      email: 'office@example.test',
      password: 'right-password-8',
    });
    const limiter = createMemoryRateLimiter();
    const own = createAccountService({ db: database.db, limiter });
    for (let i = 0; i < LOGIN_LIMITS.perIp - 1; i++) await limiter.hit('login:ip:203.0.116.1', 20, 60);
    for (let i = 0; i < 3; i++) {
      const ok = await own.attemptLogin({
        identifier: 'office@example.test',
        password: 'right-password-8',
        ip: '203.0.116.1',
      });
      expect(ok.status).toBe('ok');
    }
  });

  it('keeps one failure counter per account however the identifier is written', async () => {
    const user = await accounts.createWithPassword({
      name: 'ع',
      email: 'spelled@example.test',
      mobile: '09120000000',
      password: 'right-password-9',
    });
    const spellings = [
      '09120000000',
      '+989120000000',
      '989120000000',
      '9120000000',
      '۰۹۱۲۰۰۰۰۰۰۰',
      '0912 000 0000',
      'Spelled@Example.test',
    ];
    const outcomes = [];
    for (const [i, identifier] of spellings.entries()) {
      outcomes.push(
        (await accounts.attemptLogin({ identifier, password: 'wrong', ip: `203.0.117.${i}` })).status,
      );
    }
    expect(outcomes).toEqual(['failed', 'failed', 'failed', 'failed', 'failed', 'throttled', 'throttled']);
    expect(user.mobile).toBe('09120000000');
  });

  it('keeps one counter per unknown identifier however it is written', async () => {
    const outcomes = [];
    for (const [i, identifier] of [
      '09129990000',
      '+989129990000',
      '989129990000',
      '9129990000',
      '۰۹۱۲۹۹۹۰۰۰۰',
      '0912-999-0000',
    ].entries()) {
      outcomes.push(
        (await accounts.attemptLogin({ identifier, password: 'wrong', ip: `203.0.118.${i}` })).status,
      );
    }
    expect(outcomes.at(-1)).toBe('throttled');
  });

  it('changes the password and ends the other sessions', async () => {
    const user = await accounts.createWithPassword({
      name: 'س',
      email: 'sess@example.test',
      password: 'old-password-3',
    });
    await database.db.insert(sessions).values([
      { id: 'keep', userId: user.id },
      { id: 'drop', userId: user.id },
    ]);
    await accounts.changePassword(user.id, 'new-password-3', { keepSessionId: 'keep' });
    const left = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual(['keep']);
    expect(
      (await accounts.attemptLogin({ identifier: 'sess@example.test', password: 'new-password-3' })).status,
    ).toBe('ok');
    await expect(accounts.changePassword(user.id, 'password')).rejects.toMatchObject({
      code: 'RF_AUTH_PASSWORD_WEAK',
    });
  });

  it('refuses deletion while money is in the wallet, with a Persian reason', async () => {
    const user = await accounts.createWithPassword({
      name: 'پ',
      email: 'rich@example.test',
      password: 'wealthy-pw-4444',
    });
    await database.db.update(users).set({ balance: 50_000 }).where(eq(users.id, user.id));
    const fresh = (await accounts.findById(user.id))!;
    expect(await accounts.deleteBlockers(fresh)).toEqual([
      { code: 'balance', message: expect.stringMatching(/موجودی/) },
    ]);
    await expect(accounts.deleteAccount(user.id)).rejects.toMatchObject({
      code: 'RF_AUTH_ACCOUNT_DELETE_BLOCKED',
      details: { blockers: [expect.objectContaining({ code: 'balance' })] },
    });
  });

  it('runs extra blockers from other modules', async () => {
    const withMachines = createAccountService({
      db: database.db,
      limiter: createMemoryRateLimiter(),
      deleteBlockers: [async () => ({ code: 'machines', message: 'ماشین‌های شما هنوز وجود دارند.' })],
    });
    const user = await withMachines.createFromVerifiedMobile({ name: 'م', mobile: '09360000001' });
    expect((await withMachines.deleteBlockers(user)).map((b) => b.code)).toEqual(['machines']);
  });

  it('anonymises and soft-deletes, ending sessions and tokens', async () => {
    const user = await accounts.createWithPassword({
      name: 'حذف',
      email: 'gone@example.test',
      mobile: '09120009999',
      password: 'vanish-pw-5555',
    });
    await database.db.insert(sessions).values({ id: 'gone-session', userId: user.id });
    const tokens = createApiTokenService({ db: database.db });
    const { plainText } = await tokens.create(user.id, { name: 't' });
    await accounts.deleteAccount(user.id, { ip: '192.0.2.9' });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'کاربر حذف‌شده', mobile: null, passwordHash: null });
    expect(row!.email).toBe(`deleted-${user.uuid}@deleted.invalid`);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await accounts.findByEmail('gone@example.test')).toBeNull();
    expect(await accounts.findById(user.id)).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await tokens.verifyBearer(`Bearer ${plainText}`)).toBeNull();
    // The number and address are free for a new account.
    await accounts.createFromVerifiedMobile({
      name: 'تازه',
      mobile: '09120009999',
      email: 'gone@example.test',
    });
    await expect(accounts.deleteAccount(user.id)).rejects.toMatchObject({
      code: 'RF_AUTH_ACCOUNT_NOT_FOUND',
    });
  });
});
