import type { FetchLike } from '../../lib/fetch-like';
import { type BotCheckProvider, fail } from './provider';

export interface RecaptchaOptions {
  secret: string;
  /** Google's advice for v3: 0.5 separates people from bots well enough to start with. */
  minScore?: number;
  fetch?: FetchLike;
  verifyUrl?: string;
}

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

/**
 * Google reCAPTCHA v3: the token is checked with `siteverify`; it must be a success, for the
 * expected action, with a score of at least `minScore`. If Google cannot be reached the check
 * fails closed (`unavailable`), so an outage never turns bot protection off.
 */
export function createRecaptchaProvider(options: RecaptchaOptions): BotCheckProvider {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const minScore = options.minScore ?? 0.5;
  const verifyUrl = options.verifyUrl ?? 'https://www.google.com/recaptcha/api/siteverify';

  return {
    name: 'recaptcha',
    async verify(token, action, ip) {
      if (typeof token !== 'string' || token.length === 0) return fail('missing');
      if (token.length > 4000) return fail('invalid');
      const body = new URLSearchParams({ secret: options.secret, response: token });
      if (ip) body.set('remoteip', ip);
      let answer: SiteVerifyAnswer;
      try {
        const response = await fetchImpl(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return fail('unavailable');
        answer = (await response.json()) as SiteVerifyAnswer;
      } catch {
        return fail('unavailable');
      }
      if (answer.success !== true) {
        return fail(answer['error-codes']?.includes('timeout-or-duplicate') ? 'expired' : 'invalid');
      }
      if (answer.action !== action) return fail('wrong_action');
      if (typeof answer.score !== 'number' || answer.score < minScore) return fail('low_score');
      return { ok: true };
    },
  };
}
