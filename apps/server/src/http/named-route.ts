import type { RouteRegistry, RouteSpec } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { RouteErrorConfig } from './domain-errors';
import { mayUse, type RouteAccess } from './route-access';
import { PASSWORD_CONFIRM_SECONDS, SESSION_KEYS } from './session-keys';
import type { TokenAbility } from './token-abilities';

export type NamedRouteSpec = RouteSpec & {
  access: RouteAccess;
  /** `confirm` (docs/screens.md §0): the password (or an SMS code) confirmed in the last 3 hours. */
  confirm?: boolean;
  /** `KYC`: the account's identity check approved. */
  kyc?: boolean;
  /** One of the few routes a suspended account keeps (panel.home, tickets, logout). */
  allowSuspended?: boolean;
  /** `api` routes: the token ability the route needs. */
  ability?: TokenAbility;
  /** The route answers JSON (not a page): refusals are JSON too. */
  json?: boolean;
  /** A domain error naming no field is shown beside this one (http/domain-errors.ts). */
  errorField?: string;
  /** A button with no field: a domain error is flashed as `flash.error` and the page shown again. */
  flashErrors?: boolean;
};

/**
 * Why the guard refused, sent as the `X-Refused` header beside the normal answer (redirect, 404
 * page, JSON), so logs and the authorisation walk test can tell a guard's refusal from a
 * handler's own answer. It says nothing the answer itself does not.
 */
export type Refusal =
  | 'guest-only'
  | 'sign-in'
  | 'role'
  | 'suspended'
  | 'unverified'
  | 'staff-2fa'
  | 'kyc'
  | 'confirm'
  | 'token'
  | 'ability'
  | 'rate'
  | 'impersonating';

const NOT_FOUND = 'صفحه‌ای که دنبالش بودید پیدا نشد.';

/** The route a guard is asked about, and how to refuse on it. */
export interface GuardedRoute {
  spec: NamedRouteSpec;
  /** The route answers JSON: refuse with JSON, not a page. */
  json: boolean;
  /** Marks the answer as the guard's refusal (`X-Refused`); the guard then sends it. */
  refuse(reply: FastifyReply, why: Refusal): FastifyReply;
}

/**
 * A check a module puts in front of named routes (`AppModule.routeGuards`), so this layer needs to
 * know no module. It answers (a refusal it sent) or lets the request go on (`undefined`):
 * - `api`: checks the Bearer token of `access: 'api'` routes; without one, every API route is refused;
 * - `session`: runs on every route a signed-in browser asks for, after the role check.
 */
export interface RouteGuard {
  on: 'api' | 'session';
  check(request: FastifyRequest, reply: FastifyReply, route: GuardedRoute): Promise<FastifyReply | undefined>;
}

/**
 * Declares a named route (docs/screens.md) and registers its handler behind the access guard, so no
 * route can exist without saying who may use it, and the route list each role receives is the
 * same list the guard enforces.
 */
export function namedRoute(
  app: FastifyInstance,
  registry: RouteRegistry,
  spec: NamedRouteSpec,
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
  options: RouteShorthandOptions = {},
): void {
  const { access, confirm, kyc, allowSuspended, ability, json, errorField, flashErrors, ...routeSpec } = spec;
  registry.add({
    ...routeSpec,
    meta: {
      ...routeSpec.meta,
      access,
      ...(confirm ? { confirm } : {}),
      ...(kyc ? { kyc } : {}),
      ...(allowSuspended ? { allowSuspended } : {}),
    },
  });
  const to = (name: string, fallback = '/') =>
    registry.has(name) ? registry.url(name, {}, false) : fallback;

  const refuse = (reply: FastifyReply, why: Refusal) => reply.header('x-refused', why);

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const guards = app.services.routeGuards ?? [];
    const route: GuardedRoute = { spec, json: json === true, refuse };
    if (access === 'api') {
      const api = guards.filter((g) => g.on === 'api');
      if (api.length === 0)
        return refuse(reply, 'token').code(401).send({ message: 'توکن API پذیرفته نشد.' });
      for (const g of api) {
        const answer = await g.check(request, reply, route);
        if (answer) return answer;
      }
      return;
    }

    const user = request.user;
    const role = user?.role ?? null;
    if (!mayUse(access, role)) {
      if (access === 'guest') return refuse(reply, 'guest-only').redirect(to('users.home'), 303);
      if (role === null) {
        if (request.method === 'GET' && !json) request.session?.set(SESSION_KEYS.intended, request.url);
        if (json) return refuse(reply, 'sign-in').code(401).send({ message: 'ابتدا وارد حساب خود شوید.' });
        return refuse(reply, 'sign-in').redirect(to('login'), 303);
      }
      // Staff areas are not advertised: a customer sees «not found», not «forbidden».
      if (json) return refuse(reply, 'role').code(404).send({ message: NOT_FOUND });
      return refuse(reply, 'role').page('Public/Blank', { status: 404, message: NOT_FOUND }, { status: 404 });
    }
    // What modules add (an admin signed in as a customer is refused what only the owner may do).
    if (user) {
      for (const g of guards) {
        if (g.on !== 'session') continue;
        const answer = await g.check(request, reply, route);
        if (answer) return answer;
      }
    }
    if (!user || access === 'anyone' || access === 'guest') return;

    if (access !== 'user') {
      if (user.status === 'suspended' && !allowSuspended) {
        const message = 'حساب شما معلق شده است؛ برای پیگیری با پشتیبانی تماس بگیرید.';
        if (json) return refuse(reply, 'suspended').code(403).send({ message });
        return refuse(reply, 'suspended').page('Public/Blank', { status: 403, message }, { status: 403 });
      }
      if (!user.emailVerifiedAt && !user.mobileVerifiedAt) {
        return refuse(reply, 'unverified').redirect(to('verification.notice'), 303);
      }
      if ((access === 'care' || access === 'admin') && !user.twoFactorConfirmedAt) {
        const { staffRequire2fa } = await app.services.settings();
        if (staffRequire2fa) {
          request.session.flash('error', 'برای ورود به بخش کارکنان، نخست ورود دومرحله‌ای را فعال کنید.');
          return refuse(reply, 'staff-2fa').redirect(to('profile.show'), 303);
        }
      }
      if (kyc && user.kycStatus !== 'approved') {
        request.session.flash('error', 'این بخش پس از تأیید احراز هویت در دسترس است.');
        return refuse(reply, 'kyc').redirect(to('panel.account.verify', to('users.home')), 303);
      }
    }

    if (confirm) {
      const at = Number(request.session.get(SESSION_KEYS.passwordConfirmedAt) ?? 0);
      if (Date.now() - at > PASSWORD_CONFIRM_SECONDS * 1000) {
        if (json) {
          // Laravel's answer to a JSON request needing confirmation: 423 Locked.
          return refuse(reply, 'confirm').code(423).send({ message: 'نخست رمز عبور خود را تأیید کنید.' });
        }
        // After confirming, go back to the page the form was on (a form's URL cannot be replayed as GET).
        const back = request.method === 'GET' ? request.url : refererPath(request);
        if (back) request.session.set(SESSION_KEYS.intended, back);
        return refuse(reply, 'confirm').redirect(to('password.confirm'), 303);
      }
    }
  };

  const own = options.preHandler;
  const errors: RouteErrorConfig = {
    ...(json ? { json } : {}),
    ...(errorField ? { errorField } : {}),
    ...(flashErrors ? { flashErrors } : {}),
  };
  const config = {
    ...errors,
    ...(access === 'api' ? { session: false, csrf: false } : {}),
    ...options.config,
  };
  registry.register(app, spec.name, handler as never, {
    ...options,
    config,
    preHandler: own ? [guard, ...(Array.isArray(own) ? own : [own])] : guard,
  });
}

/**
 * `namedRoute` bound to one plugin's app and route list: `const route = routesOn(app, registry)`,
 * then `route(spec, handler)` for each route of the plugin.
 */
export function routesOn(app: FastifyInstance, registry: RouteRegistry) {
  return (
    spec: NamedRouteSpec,
    handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
    options: RouteShorthandOptions = {},
  ) => namedRoute(app, registry, spec, handler, options);
}

/** The path of the Referer when it is this site's, for returning to it. */
function refererPath(request: FastifyRequest): string | null {
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.host === request.headers.host ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
