import type { FetchLike } from '../../lib/fetch-like';
import type { RateLimiter } from '../../lib/rate-limit';
import { createAltchaProvider } from './altcha';
import { BotCheckError } from './errors';
import type { BotCheckAction, BotCheckProvider } from './provider';
import { createRecaptchaProvider } from './recaptcha';

export { type AltchaChallenge, createAltchaProvider, solveAltcha } from './altcha';
export {
  BOT_CHECK_ACTIONS,
  type BotCheckAction,
  type BotCheckProvider,
  type BotCheckResult,
} from './provider';
export { createRecaptchaProvider } from './recaptcha';

/** `CAPTCHA_PROVIDER=none`: every token passes. Config refuses it in production. */
export const noBotCheck: BotCheckProvider = { name: 'none', verify: async () => ({ ok: true }) };

/** The provider named by CAPTCHA_PROVIDER. */
export function createBotCheck(options: {
  provider: 'altcha' | 'recaptcha' | 'none';
  appKey: string;
  limiter: RateLimiter;
  recaptchaSecret?: string | undefined;
  fetch?: FetchLike;
}): BotCheckProvider {
  if (options.provider === 'none') return noBotCheck;
  if (options.provider === 'recaptcha') {
    if (!options.recaptchaSecret)
      throw new RangeError('RECAPTCHA_SECRET is required when CAPTCHA_PROVIDER=recaptcha');
    return createRecaptchaProvider({
      secret: options.recaptchaSecret,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }
  return createAltchaProvider({ appKey: options.appKey, limiter: options.limiter });
}

/** For routes: passes quietly or throws `RF_AUTH_BOTCHECK_FAILED` (`…_UNAVAILABLE` on an outage). */
export async function assertHuman(
  provider: BotCheckProvider,
  token: unknown,
  action: BotCheckAction,
  ip?: string | null,
): Promise<void> {
  const result = await provider.verify(token, action, ip);
  if (result.ok) return;
  throw new BotCheckError(
    result.reason === 'unavailable' ? 'RF_AUTH_BOTCHECK_UNAVAILABLE' : 'RF_AUTH_BOTCHECK_FAILED',
    result.message,
    { reason: result.reason },
  );
}
