import { DomainError } from '../../lib/domain-error';

/** A text message the SMS gateway did not take (refused, or out of reach). */
export class SmsError extends DomainError {
  declare readonly code: 'RF_NOTIFY_SMS_FAILED';
  constructor(message: string, options?: { cause?: unknown }) {
    super('RF_NOTIFY_SMS_FAILED', message, { status: 502, cause: options?.cause });
  }
}
