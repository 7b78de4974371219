import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { activityLog } from '../activity/tables';
import { totp } from '../auth/totp';
import { users } from '../users/tables';
import { createTwoFactorService } from './two-factor';

const appKey = `base64:${randomBytes(32).toString('base64')}`;

describe(`two-factor authentication (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let now: number;
  let service: ReturnType<typeof createTwoFactorService>;
  let userId: number;
  let n = 0;
  const at = () => new Date(now);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    now = Date.parse('2025-03-01T10:00:10Z');
    service = createTwoFactorService({ db: database.db, appKey, clock: at });
    const [user] = await database.db
      .insert(users)
      .values({ name: 'کاربر', email: `u${++n}@example.test` })
      .returning();
    userId = user!.id;
  });

  async function enableAndConfirm() {
    const { secret } = await service.enable(userId);
    const { recoveryCodes } = await service.confirm(userId, totp(secret, at()));
    now += 30_000;
    return { secret, recoveryCodes };
  }

  it('enables with an encrypted secret, a QR code and an otpauth URL', async () => {
    const setup = await service.enable(userId);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.url).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]{32}&issuer=/);
    expect(setup.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.twoFactorSecret).toMatch(/^v1:/);
    expect(row!.twoFactorSecret).not.toContain(setup.secret);
    expect(row!.twoFactorConfirmedAt).toBeNull();
    expect(await service.secretKey(userId)).toBe(setup.secret);
    expect((await service.qrCode(userId)).url).toBe(setup.url);
  });

  it('does not turn on until a right code confirms it', async () => {
    const { secret } = await service.enable(userId);
    await expect(service.confirm(userId, '000000')).rejects.toMatchObject({
      code: 'RF_AUTH_TWO_FACTOR_CODE_INVALID',
    });
    expect((await service.challenge(userId, { code: totp(secret, at()) })).ok).toBe(false);
    const { recoveryCodes } = await service.confirm(userId, totp(secret, at()), { ip: '198.51.100.4' });
    expect(recoveryCodes).toHaveLength(8);
    expect(new Set(recoveryCodes).size).toBe(8);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.twoFactorConfirmedAt).toBeInstanceOf(Date);
    for (const code of recoveryCodes) expect(row!.twoFactorRecoveryCodes).not.toContain(code);
    const [entry] = await database.db.select().from(activityLog).where(eq(activityLog.actorId, userId));
    expect(entry).toMatchObject({ event: 'auth:2fa.enabled', ipAddress: '198.51.100.4' });
    await expect(service.enable(userId)).rejects.toMatchObject({
      code: 'RF_AUTH_TWO_FACTOR_ALREADY_CONFIRMED',
    });
  });

  it('passes the challenge with a code from now or one step either side', async () => {
    const { secret } = await enableAndConfirm();
    expect(await service.challenge(userId, { code: totp(secret, new Date(now - 30_000)) })).toEqual({
      ok: false,
      message: expect.any(String),
    });
    now += 60_000;
    expect(await service.challenge(userId, { code: totp(secret, new Date(now - 30_000)) })).toMatchObject({
      ok: true,
      method: 'totp',
      remainingRecoveryCodes: 8,
    });
    now += 60_000;
    expect((await service.challenge(userId, { code: totp(secret, new Date(now + 30_000)) })).ok).toBe(true);
    now += 120_000;
    expect((await service.challenge(userId, { code: totp(secret, new Date(now - 90_000)) })).ok).toBe(false);
  });

  it('refuses the same code twice in one step, even from two racing requests', async () => {
    const { secret } = await enableAndConfirm();
    const code = totp(secret, at());
    const results = await Promise.all([
      service.challenge(userId, { code }),
      service.challenge(userId, { code }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    // A right code already used says to wait for the next one, not that it is wrong.
    const again = await service.challenge(userId, { code });
    expect(again).toEqual({ ok: false, message: expect.stringContaining('کد تازه') });
    expect(results.find((r) => !r.ok)).toEqual(again);
    const wrong = await service.challenge(userId, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong).toEqual({ ok: false, message: 'کد ورود دومرحله‌ای درست نیست.' });
  });

  it('takes Persian digits in the code', async () => {
    const { secret } = await enableAndConfirm();
    const persian = totp(secret, at()).replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    expect((await service.challenge(userId, { code: persian })).ok).toBe(true);
  });

  it('accepts each recovery code once, in any case', async () => {
    const { recoveryCodes } = await enableAndConfirm();
    const first = await service.challenge(userId, { recoveryCode: ` ${recoveryCodes[3]!.toUpperCase()} ` });
    expect(first).toEqual({ ok: true, method: 'recovery_code', remainingRecoveryCodes: 7 });
    expect((await service.challenge(userId, { recoveryCode: recoveryCodes[3] })).ok).toBe(false);
    expect(await service.remainingRecoveryCodes(userId)).toBe(7);
    const racing = await Promise.all([
      service.challenge(userId, { recoveryCode: recoveryCodes[0] }),
      service.challenge(userId, { recoveryCode: recoveryCodes[0] }),
    ]);
    expect(racing.filter((r) => r.ok)).toHaveLength(1);
    expect((await service.challenge(userId, { recoveryCode: 'aaaaa-aaaaa' })).ok).toBe(false);
  });

  it('regenerates recovery codes and retires the old ones', async () => {
    const { recoveryCodes } = await enableAndConfirm();
    const fresh = await service.regenerateRecoveryCodes(userId);
    expect(fresh).toHaveLength(8);
    expect((await service.challenge(userId, { recoveryCode: recoveryCodes[0] })).ok).toBe(false);
    expect((await service.challenge(userId, { recoveryCode: fresh[0] })).ok).toBe(true);
  });

  it('disables, except for staff when the policy requires 2FA', async () => {
    const { secret } = await enableAndConfirm();
    await database.db.update(users).set({ role: 'care' }).where(eq(users.id, userId));
    await expect(service.disable(userId, { staffRequire2fa: true })).rejects.toMatchObject({
      code: 'RF_AUTH_TWO_FACTOR_REQUIRED_FOR_STAFF',
    });
    await service.disable(userId, { staffRequire2fa: false });
    const [row] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      twoFactorSecret: null,
      twoFactorConfirmedAt: null,
      twoFactorRecoveryCodes: null,
    });
    expect((await service.challenge(userId, { code: totp(secret, at()) })).ok).toBe(false);
    await expect(service.regenerateRecoveryCodes(userId)).rejects.toMatchObject({
      code: 'RF_AUTH_TWO_FACTOR_NOT_ENABLED',
    });
  });
});
