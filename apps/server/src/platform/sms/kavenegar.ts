import { SmsError } from './errors';
import type { FetchLike, SmsProvider } from './provider';

export interface KavenegarOptions {
  apiKey: string;
  /** The sending line; without it Kavenegar uses the account's default line. */
  sender?: string | undefined;
  /** A "verify lookup" template: one-time codes then go through Kavenegar's fast OTP route. */
  codeTemplate?: string | undefined;
  fetch?: FetchLike;
  baseUrl?: string;
}

interface KavenegarAnswer {
  return?: { status?: number; message?: string };
  entries?: { messageid?: number | string }[];
}

/**
 * Kavenegar REST (https://kavenegar.com/rest.html): `sms/send.json` for text, `verify/lookup.json`
 * for code templates. A `return.status` other than 200 is a failure even on HTTP 200.
 */
export function createKavenegarSmsProvider(options: KavenegarOptions): SmsProvider {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const base = `${options.baseUrl ?? 'https://api.kavenegar.com'}/v1/${encodeURIComponent(options.apiKey)}`;

  return {
    name: 'kavenegar',
    async send(message) {
      const useTemplate = Boolean(options.codeTemplate && message.code);
      const params = new URLSearchParams({ receptor: message.to });
      if (useTemplate) {
        params.set('token', message.code!);
        params.set('template', options.codeTemplate!);
      } else {
        params.set('message', message.text);
        if (options.sender) params.set('sender', options.sender);
      }
      const url = `${base}/${useTemplate ? 'verify/lookup.json' : 'sms/send.json'}`;
      let answer: KavenegarAnswer;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: params.toString(),
          signal: AbortSignal.timeout(10_000),
        });
        answer = (await response.json()) as KavenegarAnswer;
      } catch (cause) {
        throw new SmsError('ارسال پیامک ممکن نشد؛ کمی بعد دوباره تلاش کنید.', {
          cause,
        });
      }
      if (answer.return?.status !== 200) {
        throw new SmsError('ارسال پیامک ممکن نشد؛ کمی بعد دوباره تلاش کنید.', {
          cause: new Error(`kavenegar status ${answer.return?.status}: ${answer.return?.message}`),
        });
      }
      return { id: String(answer.entries?.[0]?.messageid ?? ''), text: message.text };
    },
  };
}
