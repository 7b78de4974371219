import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAltchaClient } from './altcha';
import { solveAltcha } from './altcha-solver';
import { createBotCheck } from './client';
import { BotCheckError } from './errors';
import type { AltchaChallenge } from './types';

// The server's side, as apps/server/src/modules/botcheck/altcha.ts makes it (without the HMAC).
function challengeFor(action: string, secretNumber: number, maxnumber = 2000): AltchaChallenge {
  const salt = `0011aabb?expires=9999999999&action=${action}`;
  const challenge = createHash('sha256')
    .update(salt + secretNumber)
    .digest('hex');
  return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature: 'sig' };
}

const decode = (token: string) => JSON.parse(atob(token)) as Record<string, unknown>;

afterEach(() => vi.restoreAllMocks());

describe('ALTCHA proof of work', () => {
  it('finds the number and returns the token the server verifies', async () => {
    const challenge = challengeFor('login', 1234);
    const payload = decode(await solveAltcha(challenge, { batchSize: 100 }));
    expect(payload).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: 'sig',
    });
  });

  it('yields to the page between batches', async () => {
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    await solveAltcha(challengeFor('login', 450), { batchSize: 100 });
    // Four full batches without the answer, each followed by a macrotask break.
    expect(timeouts.mock.calls.filter(([, delay]) => delay === 0)).toHaveLength(4);
  });

  it('fails with a coded error when no number matches', async () => {
    const challenge = { ...challengeFor('login', 10, 5000), maxnumber: 5 };
    await expect(solveAltcha(challenge)).rejects.toBeInstanceOf(BotCheckError);
  });

  it('fetches a challenge bound to the action, and a fresh one for every submit', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const action = new URL(url).searchParams.get('action')!;
      return new Response(JSON.stringify(challengeFor(action, 7)), { status: 200 });
    });
    const client = createAltchaClient('/botcheck/challenge', fetchMock);
    const first = decode((await client.execute('signup'))!);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/botcheck/challenge?action=signup');
    expect(first.number).toBe(7);
    expect(String(first.salt)).toContain('action=signup');
    await client.execute('signup');
    // The first submit plus one solved ahead for the next.
    expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('says so in Persian when the challenge cannot be fetched', async () => {
    const client = createAltchaClient('/c', async () => new Response('nope', { status: 500 }));
    await expect(client.execute('login')).rejects.toThrow('دریافت بررسی امنیتی از سرور ممکن نشد');
  });
});

describe('choosing the provider', () => {
  it('reCAPTCHA with a site key, ALTCHA with a challenge route, none otherwise', () => {
    expect(createBotCheck({ recaptchaSiteKey: 'k', altchaChallengeUrl: '/c' }).provider).toBe('recaptcha');
    expect(createBotCheck({ altchaChallengeUrl: '/c' }).provider).toBe('altcha');
    expect(createBotCheck({}).provider).toBe('none');
    expect(createBotCheck({ provider: 'none', altchaChallengeUrl: '/c' }).provider).toBe('none');
  });

  it('sends no token when there is no check', async () => {
    await expect(createBotCheck({}).execute('login')).resolves.toBeNull();
  });
});

describe('ALTCHA when the server checks otherwise', () => {
  it('sends no token when the challenge route answers 404 (provider none or reCAPTCHA)', async () => {
    const client = createAltchaClient('/c', async () => new Response('{}', { status: 404 }));
    await expect(client.execute('login')).resolves.toBeNull();
  });
});
