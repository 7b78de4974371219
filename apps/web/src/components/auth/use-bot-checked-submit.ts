import type { InertiaFormProps } from '@renderfarm/react';
import type { FormEvent } from 'react';
import { type BotCheckAction, CAPTCHA_FIELD } from '../../lib/bot-check/constants';
import { useBotCheck } from '../../lib/bot-check/use-bot-check';
import { withCaptcha } from '../../lib/bot-check/with-token';

/**
 * Submitting a form behind the bot check: the token is made first and goes out with the data;
 * when none can be made nothing is sent, so the server never sees a request it would refuse.
 * `botError` is the check's own failure, else the server's word on a token it did not accept.
 */
export function useBotCheckedSubmit<T extends Record<string, unknown>>(
  action: BotCheckAction,
  form: InertiaFormProps<T>,
  errors: Record<string, string | undefined>,
  {
    payload,
    send,
  }: {
    /** The data as sent (trimmed, optional fields left out); the token is added to it. */
    payload: (data: T) => Record<string, unknown>;
    send: () => Promise<void>;
  },
) {
  const bot = useBotCheck(action);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = await bot.token();
    if (token === undefined) return;
    form.transform((data) => withCaptcha(payload(data), token));
    await send();
  };

  return { submit, busy: form.processing || bot.checking, botError: bot.error ?? errors[CAPTCHA_FIELD] };
}
