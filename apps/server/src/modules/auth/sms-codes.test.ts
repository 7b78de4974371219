import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limit';
import type { SmsMessage, SmsProvider } from '../../platform/sms';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { codeText, createSmsCodeService, SMS_CODE_RULES } from './sms-codes';
import { smsCodes } from './tables';

const appKey = `base64:${randomBytes(32).toString('base64')}`;

describe(`SMS one-time codes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let now: number;
  let sent: SmsMessage[];
  let failNext: boolean;
  const clock = () => new Date(now);
  const sms: SmsProvider = {
    name: 'fake',
    async send(message) {
      if (failNext) {
        failNext = false;
        throw new Error('gateway down');
      }
      sent.push(message);
      return { id: String(sent.length), text: message.text };
    },
  };
  const make = () =>
    createSmsCodeService({
      db: database.db,
      appKey,
      sms,
      limiter: createMemoryRateLimiter({ clock }),
      clock,
    });
  let service: ReturnType<typeof make>;
  const lastCode = () => sent.at(-1)!.code!;
  const advance = (seconds: number) => {
    now += seconds * 1000;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(smsCodes);
    now = Date.parse('2025-03-01T10:00:00Z');
    sent = [];
    failNext = false;
    service = make();
  });

  it('sends a 6-digit code, stores only its hash, and accepts it once', async () => {
    const outcome = await service.send({ mobile: '09121234567', purpose: 'signin', ip: '198.51.100.1' });
    expect(outcome).toMatchObject({
      status: 'sent',
      mobileMasked: '0912***4567',
      expiresIn: 120,
      resendIn: 60,
    });
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(sent[0]!.text).toContain(code);
    const [row] = await database.db.select().from(smsCodes);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    expect(await service.verify({ mobile: '09121234567', purpose: 'signin', code })).toEqual({
      status: 'valid',
    });
    expect((await service.verify({ mobile: '09121234567', purpose: 'signin', code })).status).toBe('expired');
  });

  it('accepts the code typed in Persian digits with spaces', async () => {
    await service.send({ mobile: '09121234567', purpose: 'signup' });
    const persian = lastCode().replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    const typed = `${persian.slice(0, 3)} ${persian.slice(3)}`;
    expect(await service.verify({ mobile: '09121234567', purpose: 'signup', code: typed })).toEqual({
      status: 'valid',
    });
  });

  it('binds a code to its number and purpose', async () => {
    await service.send({ mobile: '09121234567', purpose: 'signin' });
    const code = lastCode();
    expect((await service.verify({ mobile: '09121234567', purpose: 'mobile_change', code })).status).toBe(
      'expired',
    );
    expect((await service.verify({ mobile: '09121234568', purpose: 'signin', code })).status).toBe('expired');
  });

  it('expires after 120 seconds', async () => {
    await service.send({ mobile: '09121234567', purpose: 'signin' });
    advance(119);
    expect(await service.state('09121234567', 'signin')).toEqual({ expiresIn: 1, resendIn: 0 });
    advance(1);
    const outcome = await service.verify({ mobile: '09121234567', purpose: 'signin', code: lastCode() });
    expect(outcome).toMatchObject({ status: 'expired', message: expect.stringMatching(/منقضی/) });
  });

  it('counts wrong tries and kills the code at the fifth', async () => {
    await service.send({ mobile: '09121234567', purpose: 'signin' });
    const code = lastCode();
    const wrong = code === '000000' ? '000001' : '000000';
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(await service.verify({ mobile: '09121234567', purpose: 'signin', code: wrong }));
    }
    expect(outcomes.map((o) => o.status)).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'locked']);
    expect(outcomes[0]).toMatchObject({ remainingAttempts: 4, message: expect.stringContaining('۴ بار') });
    // Even the right code is refused once the tries are spent.
    expect((await service.verify({ mobile: '09121234567', purpose: 'signin', code })).status).toBe('locked');
  });

  it('counts concurrent wrong guesses exactly', async () => {
    await service.send({ mobile: '09121234567', purpose: 'signin' });
    const wrong = lastCode() === '000000' ? '000001' : '000000';
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        service.verify({ mobile: '09121234567', purpose: 'signin', code: wrong }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'invalid')).toHaveLength(4);
    expect(outcomes.filter((o) => o.status === 'locked')).toHaveLength(4);
  });

  it('treats a malformed code as wrong', async () => {
    await service.send({ mobile: '09121234567', purpose: 'signin' });
    const statuses = [];
    for (const code of ['', '12345', '1234567', "' or 1=1 --", '<b>1</b>']) {
      statuses.push((await service.verify({ mobile: '09121234567', purpose: 'signin', code })).status);
    }
    expect(statuses).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'locked']);
  });

  it('refuses a resend before 60 seconds, then replaces the old code', async () => {
    await service.send({ mobile: '09121234567', purpose: 'signin' });
    const first = lastCode();
    advance(59);
    const early = await service.send({ mobile: '09121234567', purpose: 'signin' });
    expect(early).toMatchObject({ status: 'too_soon', resendIn: 1, message: expect.stringMatching(/ثانیه/) });
    expect(sent).toHaveLength(1);
    advance(1);
    expect((await service.send({ mobile: '09121234567', purpose: 'signin' })).status).toBe('sent');
    expect((await service.verify({ mobile: '09121234567', purpose: 'signin', code: first })).status).toBe(
      first === lastCode() ? 'valid' : 'invalid',
    );
    expect(
      (await service.verify({ mobile: '09121234567', purpose: 'signin', code: lastCode() })).status,
    ).toBe('valid');
  });

  it('sends only one code when two requests race', async () => {
    const outcomes = await Promise.all([
      service.send({ mobile: '09121234567', purpose: 'signin' }),
      service.send({ mobile: '09121234567', purpose: 'signin' }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['sent', 'too_soon']);
    expect(sent).toHaveLength(1);
  });

  it('allows 5 sends an hour per number', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await service.send({ mobile: '09121234567', purpose: 'signin' })).status);
      advance(60);
    }
    expect(statuses).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'rate_limited']);
    advance(3600);
    expect((await service.send({ mobile: '09121234567', purpose: 'signin' })).status).toBe('sent');
  });

  it('allows 5 sends an hour per IP, whatever the number', async () => {
    const outcomes = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push(await service.send({ mobile: `0912000000${i}`, purpose: 'signin', ip: '203.0.113.7' }));
    }
    expect(outcomes.map((o) => o.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'rate_limited']);
    expect(outcomes[5]).toMatchObject({ retryAfter: 3600, message: expect.stringMatching(/دقیقه/) });
    expect((await service.send({ mobile: '09129999999', purpose: 'signin', ip: '203.0.113.8' })).status).toBe(
      'sent',
    );
  });

  it('counts a number only for codes sent: an IP past its limit cannot lock the number out', async () => {
    for (let i = 0; i < SMS_CODE_RULES.sendsPerHour; i++) {
      await service.send({ mobile: `0912000001${i}`, purpose: 'signin', ip: '203.0.113.9' });
    }
    for (let i = 0; i < 20; i++) {
      const refused = await service.send({ mobile: '09121234567', purpose: 'signin', ip: '203.0.113.9' });
      expect(refused.status).toBe('rate_limited');
    }
    expect(
      (await service.send({ mobile: '09121234567', purpose: 'signin', ip: '198.51.100.1' })).status,
    ).toBe('sent');
  });

  it('counts neither the number nor the IP for a code the gateway did not take, or a race lost', async () => {
    for (let i = 0; i < SMS_CODE_RULES.sendsPerHour + 2; i++) {
      failNext = true;
      await expect(
        service.send({ mobile: '09121234567', purpose: 'signin', ip: '203.0.113.10' }),
      ).rejects.toThrow('gateway down');
    }
    await Promise.all(
      Array.from({ length: 8 }, () =>
        service.send({ mobile: '09121234568', purpose: 'signin', ip: '203.0.113.10' }),
      ),
    );
    expect(sent).toHaveLength(1);
    // One code has gone out from this IP: four more may.
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await service.send({ mobile: `0912000002${i}`, purpose: 'signin', ip: '203.0.113.10' })).status,
      );
    }
    expect(statuses).toEqual(['sent', 'sent', 'sent', 'sent', 'rate_limited']);
    expect(
      (await service.send({ mobile: '09121234567', purpose: 'signin', ip: '198.51.100.2' })).status,
    ).toBe('sent');
  });

  it('forgets an undelivered code so the person can ask again at once', async () => {
    failNext = true;
    await expect(service.send({ mobile: '09121234567', purpose: 'signin' })).rejects.toThrow('gateway down');
    expect(await service.state('09121234567', 'signin')).toBeNull();
    expect((await service.send({ mobile: '09121234567', purpose: 'signin' })).status).toBe('sent');
  });

  it('writes a WebOTP line when the host is known', () => {
    expect(codeText('123456', 'renderfarm.test').split('\n').at(-1)).toBe('@renderfarm.test #123456');
    expect(codeText('123456')).not.toContain('#123456');
    expect(SMS_CODE_RULES.expiresIn).toBe(120);
  });
});
