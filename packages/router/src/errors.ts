/** Base class: every error this package raises has a stable `code` to branch on. */
export class RouterError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The page names a component that the app's resolver does not know. */
export class PageNotFoundError extends RouterError {
  readonly component: string;
  constructor(component: string, cause?: unknown) {
    super('PAGE_NOT_FOUND', `Page not found: ${component}`, { cause });
    this.component = component;
  }
}

/**
 * The server answered a page visit with something that is not a page object: no `X-Inertia`
 * header (HTML error page, JSON, text), JSON that does not parse, or an object without `component`.
 */
export class InvalidResponseError extends RouterError {
  readonly status: number;
  readonly body: string;
  constructor(
    code: 'NOT_INERTIA' | 'MALFORMED_JSON' | 'INVALID_PAGE',
    status: number,
    body: string,
    detail: string,
  ) {
    super(code, detail);
    this.status = status;
    this.body = body;
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
  constructor(detail: string, cause?: unknown) {
    super('INITIAL_PAGE', `Initial page: ${detail}`, { cause });
  }
}
