import { DomainError } from '../../lib/domain-error';

export type NotificationErrorCode = 'RF_NOTIFY_SMS_FAILED' | 'RF_NOTIFY_MAIL_FAILED';

/** A message that could not be handed to its carrier (SMTP server, SMS gateway). */
export class NotificationError extends DomainError {
  declare readonly code: NotificationErrorCode;
  constructor(code: NotificationErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, { status: 502, cause: options?.cause });
  }
}
