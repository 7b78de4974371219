import { DomainError } from '../../lib/domain-error';

/** An e-mail the SMTP server did not take (refused, or out of reach). */
export class MailError extends DomainError {
  declare readonly code: 'RF_NOTIFY_MAIL_FAILED';
  constructor(message: string, options?: { cause?: unknown }) {
    super('RF_NOTIFY_MAIL_FAILED', message, { status: 502, cause: options?.cause });
  }
}
