import { DomainError } from '../../lib/domain-error';

/** The bot check's two outcomes that stop a form; the codes keep the auth prefix clients match on. */
const BOT_CHECK_ERRORS = {
  RF_AUTH_BOTCHECK_FAILED: 422,
  RF_AUTH_BOTCHECK_UNAVAILABLE: 503,
} as const;

export type BotCheckErrorCode = keyof typeof BOT_CHECK_ERRORS;

/** A form refused by the bot check, answered beside the widget's field. */
export class BotCheckError extends DomainError {
  declare readonly code: BotCheckErrorCode;
  constructor(code: BotCheckErrorCode, message: string, details?: Record<string, unknown>) {
    super(code, message, { status: BOT_CHECK_ERRORS[code], field: 'captcha_token', details });
  }
}
