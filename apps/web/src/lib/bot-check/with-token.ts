import { CAPTCHA_FIELD } from './constants';

/** The form data with the bot-check token added; nothing added when no check is configured. */
export function withCaptcha<T extends Record<string, unknown>>(data: T, token: string | null): T {
  return token ? { ...data, [CAPTCHA_FIELD]: token } : data;
}
