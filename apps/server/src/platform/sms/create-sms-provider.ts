import { createKavenegarSmsProvider } from './kavenegar';
import { createLogSmsProvider } from './log';
import type { FetchLike, SmsProvider } from './provider';

/** The provider named by SMS_PROVIDER. */
export function createSmsProvider(options: {
  provider: 'log' | 'kavenegar';
  storageDir: string;
  apiKey?: string | undefined;
  sender?: string | undefined;
  codeTemplate?: string | undefined;
  fetch?: FetchLike;
}): SmsProvider {
  if (options.provider === 'kavenegar') {
    if (!options.apiKey) throw new RangeError('SMS_API_KEY is required when SMS_PROVIDER=kavenegar');
    return createKavenegarSmsProvider({
      apiKey: options.apiKey,
      sender: options.sender,
      codeTemplate: options.codeTemplate,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }
  return createLogSmsProvider({ storageDir: options.storageDir });
}
