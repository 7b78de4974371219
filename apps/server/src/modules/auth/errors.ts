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
  RF_AUTH_ACCOUNT_NOT_FOUND: 404,
  RF_AUTH_ACCOUNT_DELETE_BLOCKED: 409,
  RF_AUTH_BOTCHECK_FAILED: 422,
  RF_AUTH_BOTCHECK_UNAVAILABLE: 503,
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_CODES;

/** A failure of an auth or account service, with a stable code and a Persian, user-facing message. */
export class AuthError extends Error {
  readonly status: number;
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AuthError';
    this.status = AUTH_ERROR_CODES[code];
  }
}
