/** Base class: every error this package raises has a stable `code` to branch on. */
export class RouterError extends Error {
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The page names a component that the app's resolver does not know. */
export class PageNotFoundError extends RouterError {
  constructor(
    readonly component: string,
    cause?: unknown,
  ) {
    super('PAGE_NOT_FOUND', `Page not found: ${component}`, { cause });
  }
}

/**
 * The server answered a page visit with something that is not a page object: no `X-Inertia`
 * header (HTML error page, JSON, text), JSON that does not parse, or an object without `component`.
 */
export class InvalidResponseError extends RouterError {
  constructor(
    code: 'NOT_INERTIA' | 'MALFORMED_JSON' | 'INVALID_PAGE',
    readonly status: number,
    readonly body: string,
  ) {
    super(code, `${code}: no page object in the ${status} answer`);
  }
}

/** The request never got an answer (connection dropped, DNS, CORS). */
export class NetworkError extends RouterError {
  constructor(url: string) {
    super('NETWORK_ERROR', `Network error: ${url}`);
  }
}

/** The page embedded in the HTML shell is missing or unreadable. */
export class InitialPageError extends RouterError {
  constructor(detail: string) {
    super('INITIAL_PAGE', `Initial page: ${detail}`);
  }
}
