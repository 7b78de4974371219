import type { Errors } from '@renderfarm/react';

/**
 * What a mock route answers with. The server turns each into the protocol's response: a page
 * object (JSON to a visit, the HTML shell to a first load), a 302/303 redirect, a 409 with
 * `X-Inertia-Location`, or a redirect back with the errors kept for the next page.
 */
export type Reply = PageReply | RedirectReply | ExternalReply | ValidationReply | Response;

export interface PageOptions {
  /** The page's URL; the request's path and query when left out. */
  url?: string;
  encryptHistory?: boolean;
  clearHistory?: boolean;
  /** Keys merge props are matched on when combined, e.g. `['users.data.id']`. */
  matchPropsOn?: string[];
  flash?: Record<string, unknown>;
}

export interface PageReply {
  readonly type: 'page';
  readonly component: string;
  /** Values or prop markers (`defer`, `optional`, `always`, `merge`). */
  readonly props: Record<string, unknown>;
  readonly options: PageOptions;
}

export interface RedirectReply {
  readonly type: 'redirect';
  readonly location: string;
}

export interface ExternalReply {
  readonly type: 'external';
  readonly location: string;
}

export interface ValidationReply {
  readonly type: 'validation';
  readonly errors: Errors;
  /** Where the client is sent back to; the Referer, else the last page this server showed. */
  readonly back?: string;
}

/** A page: `component` rendered with `props` (plain values or markers such as `defer(...)`). */
export function page(
  component: string,
  props: Record<string, unknown> = {},
  options: PageOptions = {},
): PageReply {
  return { type: 'page', component, props, options };
}

/** A redirect inside the app: 303 after POST/PUT/PATCH/DELETE (so the client follows with GET), 302 after GET. */
export function redirect(location: string): RedirectReply {
  return { type: 'redirect', location };
}

/** A full-page visit elsewhere: 409 + `X-Inertia-Location` to a visit, a plain 302 to a first load. */
export function external(location: string): ExternalReply {
  return { type: 'external', location };
}

/**
 * Failed validation, as a Laravel or @renderfarm/fastify server answers it: redirect back, and the
 * next page's `props.errors` holds `errors` (under the bag named by `X-Inertia-Error-Bag`, if any).
 * A precognitive request gets a 422 with the errors instead.
 */
export function validationError(errors: Errors, options: { back?: string } = {}): ValidationReply {
  return { type: 'validation', errors, ...(options.back ? { back: options.back } : {}) };
}

export function isReply<T extends Exclude<Reply, Response>['type']>(
  reply: Reply,
  type: T,
): reply is Extract<Reply, { type: T }> {
  return !(reply instanceof Response) && reply.type === type;
}
