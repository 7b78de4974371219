/** A message that could not be handed to its carrier (SMTP server, SMS gateway). */
export class NotificationError extends Error {
  readonly status = 502;
  constructor(
    readonly code: 'RF_NOTIFY_SMS_FAILED' | 'RF_NOTIFY_MAIL_FAILED',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NotificationError';
  }
}
