/**
 * Errors thrown by the resolver and the registry. Messages of the resolver errors are Ziggy's exact
 * texts (docs/protocol.md), because apps and tests match on them; `code` is the stable handle for code.
 */
export type RoutesErrorCode =
  | 'ROUTE_NOT_FOUND'
  | 'PARAMETER_REQUIRED'
  | 'PARAMETER_FORMAT'
  | 'BINDING_KEY_MISSING'
  | 'ROUTE_DUPLICATE'
  | 'ROUTE_INVALID';

export class RoutesError extends Error {
  override readonly name = 'RoutesError';
  constructor(
    readonly code: RoutesErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Throw a resolver error with Ziggy's message format. */
export const fail = (code: RoutesErrorCode, text: string): never => {
  throw new RoutesError(code, `Ziggy error: ${text}.`);
};
