/** Errors of the protocol layer. `code` is stable; `statusCode` is what Fastify answers with. */
export type ProtocolErrorCode =
  | 'CSRF_TOKEN_MISMATCH'
  | 'VALIDATION_FAILED'
  | 'VITE_MANIFEST_UNREADABLE'
  | 'VITE_ENTRY_MISSING'
  | 'SESSION_UNAVAILABLE'
  | 'INVALID_OPTIONS';

export class ProtocolError extends Error {
  override readonly name: string = 'ProtocolError';
  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
    readonly statusCode = 500,
  ) {
    super(message);
  }
}

/** The request's CSRF token did not match the session's (answered with the 419 page). */
export class CsrfTokenMismatchError extends ProtocolError {
  override readonly name = 'CsrfTokenMismatchError';
  constructor() {
    super('CSRF_TOKEN_MISMATCH', 'CSRF token mismatch.', 419);
  }
}

/** Thrown by `request.validate()`; answered with a 303 back and the errors flashed to the session. */
export class ValidationError extends ProtocolError {
  override readonly name = 'ValidationError';
  constructor(
    /** First message per field, keyed by dot path (`items.0.name`). */
    readonly errors: Record<string, string>,
  ) {
    super('VALIDATION_FAILED', 'The given data was invalid.', 422);
  }
}
