import { DomainError } from '../../lib/domain-error';

/**
 * Every error code of the support service. Codes are stable (routes and API clients match on them)
 * and never reused; the message is Persian and safe to show the person who sent the form.
 */
export const SUPPORT_ERROR_CODES = {
  RF_SUPPORT_TICKET_NOT_FOUND: 404,
  RF_SUPPORT_DEPARTMENT_UNKNOWN: 422,
  RF_SUPPORT_INSTANCE_NOT_FOUND: 422,
  RF_SUPPORT_OPEN_TICKETS_LIMIT: 422,
  RF_SUPPORT_TICKET_CLOSED: 422,
  RF_SUPPORT_RATING_NOT_ALLOWED: 422,
  RF_SUPPORT_ATTACHMENT_NOT_FOUND: 404,
  RF_SUPPORT_ASSIGNEE_INVALID: 422,
  RF_SUPPORT_CUSTOMER_NOT_FOUND: 422,
  RF_SUPPORT_STATUS_NOT_ALLOWED: 422,
} as const;

export type SupportErrorCode = keyof typeof SUPPORT_ERROR_CODES;

/**
 * A refusal of the support service. `field` names the input it is about (`department`,
 * `instance`), so a form or the API can put the message beside that field.
 */
export class SupportError extends DomainError {
  declare readonly code: SupportErrorCode;
  constructor(code: SupportErrorCode, message: string, field?: string) {
    super(code, message, { status: SUPPORT_ERROR_CODES[code], field });
  }
}
