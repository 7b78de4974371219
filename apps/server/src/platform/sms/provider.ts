/** One text message. `code` is set for one-time codes, so a provider can use a code template. */
export interface SmsMessage {
  to: string;
  text: string;
  code?: string | undefined;
}

export interface SmsReceipt {
  /** The provider's message id (or a local one), for support questions. */
  id: string;
  /** The text as it was sent: the `log` provider's callers read codes from it in tests. */
  text: string;
}

/** How the app sends SMS: `log` in development and tests, `kavenegar` in production. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsReceipt>;
}

export type { FetchLike } from '../../lib/fetch-like';
