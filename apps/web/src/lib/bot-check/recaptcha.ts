import { BOT_CHECK_LOAD_TIMEOUT_MS, BOT_CHECK_POLL_MS, type BotCheckAction } from './constants';
import { loadScript } from './load-script';
import { pollUntil } from './poll';
import type { BotCheckClient } from './types';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const recaptchaScriptUrl = (siteKey: string) =>
  `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=fa`;

/**
 * Google reCAPTCHA v3: loads the script for the site key, looks every 25 ms until
 * `grecaptcha.execute` exists, then asks for a token bound to the form's action.
 */
export function createRecaptchaClient(siteKey: string, timeout = BOT_CHECK_LOAD_TIMEOUT_MS): BotCheckClient {
  let ready: Promise<Grecaptcha> | undefined;
  const load = () => {
    if (!ready) {
      loadScript(recaptchaScriptUrl(siteKey));
      ready = pollUntil(
        () => (typeof window.grecaptcha?.execute === 'function' ? window.grecaptcha : undefined),
        BOT_CHECK_POLL_MS,
        timeout,
      );
      // A failed load may be a passing network hiccup: the next submit tries again.
      ready.catch(() => {
        ready = undefined;
      });
    }
    return ready;
  };
  return {
    provider: 'recaptcha',
    prepare: () => void load().catch(() => undefined),
    async execute(action: BotCheckAction) {
      const grecaptcha = await load();
      await new Promise<void>((resolve) => grecaptcha.ready(resolve));
      return grecaptcha.execute(siteKey, { action });
    },
  };
}
