import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../lib/rate-limit';
import {
  assertHuman,
  createAltchaProvider,
  createBotCheck,
  createRecaptchaProvider,
  noBotCheck,
  solveAltcha,
} from './service';

const appKey = `base64:${randomBytes(32).toString('base64')}`;

describe('ALTCHA proof of work', () => {
  let now = Date.parse('2025-03-01T10:00:00Z');
  const clock = () => new Date(now);
  const altcha = createAltchaProvider({
    appKey,
    limiter: createMemoryRateLimiter({ clock }),
    clock,
    maxNumber: 2000,
  });

  it('issues a signed challenge in the ALTCHA format', () => {
    const challenge = altcha.createChallenge('login');
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+&action=login$/);
  });

  it('accepts a solved challenge once, for its own action', async () => {
    const token = solveAltcha(altcha.createChallenge('signin'))!;
    expect(await altcha.verify(token, 'signup')).toMatchObject({ ok: false, reason: 'wrong_action' });
    expect(await altcha.verify(token, 'signin')).toEqual({ ok: true });
    expect(await altcha.verify(token, 'signin')).toMatchObject({ ok: false, reason: 'reused' });
  });

  it('refuses an expired solution', async () => {
    const token = solveAltcha(altcha.createChallenge('login'))!;
    now += 601_000;
    expect(await altcha.verify(token, 'login')).toMatchObject({
      ok: false,
      reason: 'expired',
      message: expect.stringMatching(/مهلت/),
    });
  });

  it('refuses a wrong number, a forged signature, another key and junk', async () => {
    const challenge = altcha.createChallenge('contact');
    const payload = JSON.parse(Buffer.from(solveAltcha(challenge)!, 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const bad = [
      encode({ ...payload, number: payload.number + 1 }),
      encode({ ...payload, signature: 'f'.repeat(64) }),
      encode({ ...payload, algorithm: 'SHA-1' }),
      encode({ ...payload, salt: payload.salt.replace('action=contact', 'action=login') }),
      'not base64 json',
      encode(null),
    ];
    for (const token of bad) expect((await altcha.verify(token, 'contact')).ok).toBe(false);
    expect(await altcha.verify('', 'contact')).toMatchObject({ reason: 'missing' });
    expect(await altcha.verify(undefined, 'contact')).toMatchObject({ reason: 'missing' });
    const other = createAltchaProvider({
      appKey: `base64:${randomBytes(32).toString('base64')}`,
      limiter: createMemoryRateLimiter(),
      maxNumber: 2000,
    });
    expect((await other.verify(solveAltcha(altcha.createChallenge('contact'))!, 'contact')).ok).toBe(false);
  });
});

describe('reCAPTCHA v3', () => {
  const requests: string[] = [];
  const google = (answer: unknown, status = 200) =>
    createRecaptchaProvider({
      secret: 's3cret',
      fetch: async (url, init) => {
        requests.push(`${url} ${init?.body}`);
        return new Response(JSON.stringify(answer), { status });
      },
    });

  it('accepts a success for the right action with a score of 0.5 or more', async () => {
    requests.length = 0;
    const provider = google({ success: true, score: 0.5, action: 'login' });
    expect(await provider.verify('tok', 'login', '203.0.113.1')).toEqual({ ok: true });
    expect(requests[0]).toBe(
      'https://www.google.com/recaptcha/api/siteverify secret=s3cret&response=tok&remoteip=203.0.113.1',
    );
  });

  it('refuses a low score, another action, a failure and an outage', async () => {
    expect(await google({ success: true, score: 0.4, action: 'login' }).verify('t', 'login')).toMatchObject({
      reason: 'low_score',
    });
    expect(
      await google({ success: true, score: 0.9, action: 'register' }).verify('t', 'login'),
    ).toMatchObject({
      reason: 'wrong_action',
    });
    expect(
      await google({ success: false, 'error-codes': ['invalid-input-response'] }).verify('t', 'login'),
    ).toMatchObject({
      reason: 'invalid',
    });
    expect(
      await google({ success: false, 'error-codes': ['timeout-or-duplicate'] }).verify('t', 'login'),
    ).toMatchObject({
      reason: 'expired',
    });
    expect(await google({}, 500).verify('t', 'login')).toMatchObject({ reason: 'unavailable' });
    const offline = createRecaptchaProvider({
      secret: 's',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await offline.verify('t', 'login')).toMatchObject({ reason: 'unavailable' });
    expect(await offline.verify('', 'login')).toMatchObject({ reason: 'missing' });
  });
});

describe('provider choice and assertHuman', () => {
  it('builds the configured provider', () => {
    const limiter = createMemoryRateLimiter();
    expect(createBotCheck({ provider: 'altcha', appKey, limiter }).name).toBe('altcha');
    expect(createBotCheck({ provider: 'none', appKey, limiter }).name).toBe('none');
    expect(createBotCheck({ provider: 'recaptcha', appKey, limiter, recaptchaSecret: 'x' }).name).toBe(
      'recaptcha',
    );
    expect(() => createBotCheck({ provider: 'recaptcha', appKey, limiter })).toThrow(/RECAPTCHA_SECRET/);
  });

  it('throws coded Persian errors', async () => {
    await expect(assertHuman(noBotCheck, undefined, 'login')).resolves.toBeUndefined();
    const altcha = createAltchaProvider({ appKey, limiter: createMemoryRateLimiter() });
    await expect(assertHuman(altcha, 'junk', 'login')).rejects.toMatchObject({
      code: 'RF_AUTH_BOTCHECK_FAILED',
      status: 422,
      details: { reason: 'invalid' },
    });
    const down = createRecaptchaProvider({
      secret: 's',
      fetch: async () => new Response('', { status: 503 }),
    });
    await expect(assertHuman(down, 't', 'login')).rejects.toMatchObject({
      code: 'RF_AUTH_BOTCHECK_UNAVAILABLE',
    });
  });
});
