import { DomainError } from '../../lib/domain-error';

/**
 * Every error code of the identity and account-security services. Codes are stable (routes and
 * clients match on them) and never reused; the message is Persian and safe to show a customer.
 */
export const AUTH_ERROR_CODES = {
  RF_AUTH_MOBILE_INVALID: 422,
  RF_AUTH_PASSWORD_WEAK: 422,
  RF_AUTH_APP_KEY_INVALID: 500,
  RF_AUTH_DECRYPT_FAILED: 500,
  RF_AUTH_SIGNATURE_INVALID: 403,
  RF_AUTH_LINK_EXPIRED: 403,
  RF_AUTH_RESET_TOKEN_INVALID: 422,
  RF_AUTH_TWO_FACTOR_NOT_ENABLED: 409,
  RF_AUTH_TWO_FACTOR_ALREADY_CONFIRMED: 409,
  RF_AUTH_TWO_FACTOR_CODE_INVALID: 422,
  RF_AUTH_TWO_FACTOR_REQUIRED_FOR_STAFF: 403,
  RF_AUTH_TOKEN_INVALID: 401,
  RF_AUTH_TOKEN_NOT_FOUND: 404,
  RF_AUTH_TOKEN_ABILITY_INVALID: 422,
  RF_AUTH_ACCOUNT_EXISTS: 409,
  RF_AUTH_NAME_LOCKED: 409,
  RF_AUTH_ACCOUNT_NOT_FOUND: 404,
  RF_AUTH_ACCOUNT_DELETE_BLOCKED: 409,
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_CODES;

/**
 * The field a code's message belongs beside when the service did not name one; routes may name
 * another (`errorField`). Codes about no field (a bad link, a blocked deletion) answer as a page.
 */
const AUTH_ERROR_FIELDS: Partial<Record<AuthErrorCode, string>> = {
  RF_AUTH_MOBILE_INVALID: 'mobile',
  RF_AUTH_PASSWORD_WEAK: 'password',
  RF_AUTH_NAME_LOCKED: 'name',
  RF_AUTH_RESET_TOKEN_INVALID: 'email',
  RF_AUTH_TWO_FACTOR_CODE_INVALID: 'code',
  RF_AUTH_TOKEN_ABILITY_INVALID: 'permissions',
  RF_AUTH_ACCOUNT_DELETE_BLOCKED: 'form',
};

/** A failure of an auth or account service, with a stable code and a Persian, user-facing message. */
export class AuthError extends DomainError {
  declare readonly code: AuthErrorCode;
  constructor(
    code: AuthErrorCode,
    message: string,
    details?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    const field = typeof details?.field === 'string' ? details.field : AUTH_ERROR_FIELDS[code];
    super(code, message, { status: AUTH_ERROR_CODES[code], field, details, cause: options?.cause });
  }
}
