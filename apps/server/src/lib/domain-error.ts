/**
 * The one base of every error a module throws on purpose: a stable code (`RF_<AREA>_<PROBLEM>`),
 * the HTTP status it answers with, the form field it is about (if any) and a Persian message safe
 * to show the person. http/domain-errors.ts turns it into the answer in one place, for pages and
 * for the JSON API alike; routes never catch it by hand (docs/development.md "Errors").
 */
export interface DomainErrorOptions {
  /** The HTTP status of the answer; 422 (the input cannot be accepted) unless said otherwise. */
  status?: number;
  /** The input the message belongs beside; without one, the route's `errorField` (if any) is used. */
  field?: string | undefined;
  /** Machine-readable facts for API clients and logs (never secrets). */
  details?: Record<string, unknown> | undefined;
  cause?: unknown;
}

export class DomainError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly code: string,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = options.status ?? 422;
    this.field = options.field;
    this.details = options.details;
  }
}
