import { ValidationError } from '@renderfarm/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../lib/domain-error';

/**
 * How a route wants the domain errors it does not handle answered (set through `namedRoute`'s
 * spec; routes never catch domain errors by hand):
 * - `errorField`: a domain error that names no field of its own is shown beside this field;
 * - `flashErrors`: a button with no field: the message is flashed as `flash.error`, back;
 * - `json`: an API answer (`/api/v1`): `{message, code?, errors?}`.
 */
export interface RouteErrorConfig {
  errorField?: string;
  flashErrors?: boolean;
  json?: boolean;
}

export const SERVER_ERROR = 'خطایی پیش آمد. لطفاً چند لحظه بعد دوباره تلاش کنید.';
export const INVALID_REQUEST = 'درخواست قابل پردازش نبود.';
/** The message of a JSON 422 whose fields are listed under `errors`. */
export const INVALID_DATA = 'داده‌های درخواست معتبر نیستند.';

function routeConfig(request: FastifyRequest): RouteErrorConfig {
  return (request.routeOptions?.config ?? {}) as RouteErrorConfig;
}

/** True for answers in the API's JSON shape: `/api/v1` and routes declared `json`. */
export function wantsJson(request: FastifyRequest): boolean {
  return routeConfig(request).json === true || request.url.startsWith('/api/');
}

/** The JSON body of a refusal, the same shape for every module: `{message, code?, errors?}`. */
export function jsonError(error: DomainError | ValidationError, field?: string) {
  if (error instanceof ValidationError) return { message: INVALID_DATA, errors: error.errors };
  const at = error.field ?? (refusesInput(error) ? field : undefined);
  return { message: error.message, code: error.code, ...(at ? { errors: { [at]: error.message } } : {}) };
}

/**
 * A refusal of what was sent (a 4xx) as opposed to "there is no such record for you" (404): that
 * one is always the not-found answer, never a message beside a field, so another user's record
 * looks the same from every route (docs: policies, another user's record is a 404).
 */
function refusesInput(error: DomainError): boolean {
  return error.status < 500 && error.status !== 404;
}

/**
 * Answers a domain error, for pages and the JSON API alike: the one place that turns a module's
 * refusal into a response. A field error goes back (303) with `props.errors`; anything else is the
 * error page with its status (or `flash.error` for a button). Never a 500: the error was meant.
 */
export function answerDomainError(error: DomainError, request: FastifyRequest, reply: FastifyReply) {
  const config = routeConfig(request);
  if (error.status >= 500) request.log.warn({ err: error }, 'domain error');
  if (wantsJson(request)) return reply.code(error.status).send(jsonError(error, config.errorField));
  // A route's default field is for refusals of the input; an error naming its field always goes there.
  const field = error.field ?? (refusesInput(error) ? config.errorField : undefined);
  if (field) {
    const bag = request.headers['x-inertia-error-bag'];
    const errors = { [field]: error.message };
    request.session?.flash('errors', typeof bag === 'string' && bag ? { [bag]: errors } : errors);
    return reply.back();
  }
  if (config.flashErrors && request.session && error.status !== 404) {
    request.session.flash('error', error.message);
    return reply.back();
  }
  return reply.page(
    'Public/Blank',
    { status: error.status, message: error.message },
    { status: error.status },
  );
}

export { DomainError };
