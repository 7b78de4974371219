import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Clock, systemClock } from '../../lib/clock';
import { deriveKey, hmacHex } from '../../lib/key-derivation';
import type { RateLimiter } from '../../lib/rate-limit';
import type { AltchaChallenge } from './contracts';
import { BOT_CHECK_ACTIONS, type BotCheckAction, type BotCheckProvider, fail } from './provider';

export type { AltchaChallenge };

export interface AltchaOptions {
  appKey: string;
  /** Remembers solved challenges until they expire, so each solution is accepted once. */
  limiter: RateLimiter;
  clock?: Clock;
  /** The search space: the client tries on average half of it (100 000 ≈ 0.2–1 s in a browser). */
  maxNumber?: number;
  /** Seconds a challenge may be solved and sent in. */
  expiresIn?: number;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Self-hosted proof of work in ALTCHA's published format: the salt carries `expires` and the form's
 * `action` as parameters, `challenge = SHA-256(salt + number)` for a secret random number, and the
 * server signs the challenge with HMAC-SHA256. The browser finds the number by trying them all;
 * the server checks in one hash, without storing challenges. Works with no outside service.
 */
export function createAltchaProvider(options: AltchaOptions): BotCheckProvider & {
  createChallenge(action: BotCheckAction): AltchaChallenge;
} {
  const key = deriveKey(options.appKey, 'altcha');
  const clock = options.clock ?? systemClock;
  const maxNumber = options.maxNumber ?? 100_000;
  const expiresIn = options.expiresIn ?? 600;

  return {
    name: 'altcha',

    createChallenge(action) {
      const expires = Math.floor(clock().getTime() / 1000) + expiresIn;
      const salt = `${randomBytes(12).toString('hex')}?${new URLSearchParams({ expires: String(expires), action })}`;
      const secretNumber = Math.floor(Math.random() * (maxNumber + 1));
      const challenge = sha256Hex(salt + secretNumber);
      return {
        algorithm: 'SHA-256',
        challenge,
        maxnumber: maxNumber,
        salt,
        signature: hmacHex(key, challenge),
      };
    },

    async verify(token, action) {
      if (typeof token !== 'string' || token.length === 0) return fail('missing');
      if (token.length > 2000) return fail('invalid');
      let payload: {
        algorithm?: unknown;
        challenge?: unknown;
        number?: unknown;
        salt?: unknown;
        signature?: unknown;
      };
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return fail('invalid');
      }
      const { algorithm, challenge, number, salt, signature } = payload ?? {};
      if (
        algorithm !== 'SHA-256' ||
        typeof challenge !== 'string' ||
        typeof salt !== 'string' ||
        typeof signature !== 'string' ||
        !Number.isSafeInteger(number) ||
        (number as number) < 0
      ) {
        return fail('invalid');
      }
      if (!equalHex(signature, hmacHex(key, challenge)) || !equalHex(challenge, sha256Hex(salt + number))) {
        return fail('invalid');
      }
      const params = new URLSearchParams(salt.split('?')[1] ?? '');
      const expires = Number(params.get('expires'));
      const now = clock().getTime();
      if (!Number.isFinite(expires) || expires * 1000 <= now) return fail('expired');
      const signedAction = params.get('action');
      if (
        !signedAction ||
        !BOT_CHECK_ACTIONS.includes(signedAction as BotCheckAction) ||
        signedAction !== action
      ) {
        return fail('wrong_action');
      }
      // The first use claims the signature until the challenge would have expired anyway.
      const ttl = Math.max(1, Math.ceil((expires * 1000 - now) / 1000));
      const claim = await options.limiter.hit(`altcha:${signature}`, 1, ttl);
      return claim.allowed ? { ok: true } : fail('reused');
    },
  };
}

/** What the widget does in the browser: try numbers until the hash matches (used by tests). */
export function solveAltcha(challenge: AltchaChallenge): string | null {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (sha256Hex(challenge.salt + n) === challenge.challenge) {
      const { algorithm, challenge: c, salt, signature } = challenge;
      return Buffer.from(JSON.stringify({ algorithm, challenge: c, number: n, salt, signature })).toString(
        'base64',
      );
    }
  }
  return null;
}
