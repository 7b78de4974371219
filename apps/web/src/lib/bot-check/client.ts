import { createAltchaClient } from './altcha';
import { createRecaptchaClient } from './recaptcha';
import type { BotCheckClient } from './types';

/** No check configured (`CAPTCHA_PROVIDER=none`, automated tests): forms send no token. */
export const noBotCheck: BotCheckClient = {
  provider: 'none',
  prepare: () => undefined,
  execute: async () => null,
};

/**
 * Picks the provider from what the page carries: a reCAPTCHA site key means Google reCAPTCHA v3;
 * otherwise the ALTCHA challenge route in the route list means proof of work; neither means none.
 */
export function createBotCheck({
  provider,
  recaptchaSiteKey,
  altchaChallengeUrl,
}: {
  /** `captcha_provider`, when the server shares it: `none` wins over a listed challenge route. */
  provider?: string | null | undefined;
  recaptchaSiteKey?: string | null | undefined;
  altchaChallengeUrl?: string | null | undefined;
}): BotCheckClient {
  if (provider === 'none') return noBotCheck;
  if (recaptchaSiteKey) return createRecaptchaClient(recaptchaSiteKey);
  if (altchaChallengeUrl) return createAltchaClient(altchaChallengeUrl);
  return noBotCheck;
}
