import type { RegisteredRoute } from '@renderfarm/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../modules/auth/test-support';
import { users } from '../modules/users/tables';
import { type Browser, guestBrowser, signedInBrowser } from '../testing/app';
import type { Refusal } from './named-route';
import { ROUTE_ACCESS_LEVELS, type RouteAccess } from './route-access';

/**
 * The authorisation walk: every named route in the registry, as every role, must answer as its
 * declared access says: allowed (no guard refusal) or refused for the expected reason. A route
 * added without the right guard fails here without anyone writing a test for it.
 */
type Role = 'guest' | 'customer' | 'other' | 'care' | 'admin' | 'unverified' | 'suspended';
const ROLES: Role[] = ['guest', 'customer', 'other', 'care', 'admin', 'unverified', 'suspended'];
const EMAILS: Record<Exclude<Role, 'guest'>, string> = {
  customer: 'customer@renderfarm.test',
  other: 'other.customer@example.com',
  care: 'care@renderfarm.test',
  admin: 'admin@renderfarm.test',
  // Registered by e-mail, link not yet followed.
  unverified: 'unverified@example.com',
  suspended: 'suspended@example.com',
};
// Demo data: the customers' identity checks are approved, the staff's are not.
const KYC_APPROVED: Record<Exclude<Role, 'guest'>, boolean> = {
  customer: true,
  other: true,
  care: false,
  admin: false,
  unverified: false,
  suspended: true,
};
const STAFF = new Set<Role>(['care', 'admin']);

/**
 * What the route's own declaration (`namedRoute({ access, confirm, kyc, allowSuspended })`, kept
 * in the route list's meta) says this role gets: the walk then proves the guards do just that, so
 * a new route needs no entry here. The area rule below keeps a declaration from being too open.
 */
function expected(route: RegisteredRoute, role: Role): Refusal | 'allowed' {
  const rule = route.meta as {
    access: RouteAccess;
    confirm?: boolean;
    kyc?: boolean;
    allowSuspended?: boolean;
  };
  const access = rule.access;
  if (access === 'api') return 'token';
  if (access === 'anyone') return 'allowed';
  if (access === 'guest') return role === 'guest' ? 'allowed' : 'guest-only';
  if (role === 'guest') return 'sign-in';
  if (access === 'care' && !STAFF.has(role)) return 'role';
  if (access === 'admin' && role !== 'admin') return 'role';
  if (access !== 'user' && role === 'suspended' && !rule.allowSuspended) return 'suspended';
  if (access !== 'user' && role === 'unverified') return 'unverified';
  if (access !== 'user' && rule.kyc && !KYC_APPROVED[role]) return 'kyc';
  if (rule.confirm) return 'confirm';
  return 'allowed';
}

/** The least access an area's URL may declare: a route in /admin open to care is a bug. */
const AREA_MINIMUM: [RegExp, RouteAccess[]][] = [
  [/^admin(\/|$)/, ['admin']],
  [/^care(\/|$)/, ['care', 'admin']],
  [/^panel(\/|$)/, ['customer', 'care', 'admin']],
  [/^user(\/|$)/, ['user', 'customer', 'care', 'admin']],
  [/^api(\/|$)/, ['api']],
];
/**
 * The URLs of an area open to anyone (docs/screens.md): the gateway's callback, which a buyer may
 * reach in another browser (a bank's app) with no session, showing amounts only to the owner; and
 * the API's OpenAPI description, which tools fetch before anyone has a token.
 */
const AREA_EXCEPTIONS = new Set(['panel.payments.verify', 'api.v1.openapi']);

describe('authorisation walk over the whole route list', () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let customerTokenId: number;
  beforeAll(async () => {
    t = await createAuthTestApp();
    await t.database.db.insert(users).values({
      name: 'مشتری دیگر',
      email: EMAILS.other,
      emailVerifiedAt: new Date(),
      kycStatus: 'approved',
    });
    await t.database.db.insert(users).values([
      { name: 'تأییدنشده', email: EMAILS.unverified },
      {
        name: 'معلق',
        email: EMAILS.suspended,
        emailVerifiedAt: new Date(),
        status: 'suspended',
        kycStatus: 'approved',
      },
    ]);
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, EMAILS.customer));
    const { token } = await t.app.services.apiTokens.create(customer!.id, {
      name: 'walk',
      abilities: ['read'],
    });
    customerTokenId = token.id;
  });
  afterAll(() => t.close());

  const params = (route: RegisteredRoute): Record<string, string> => {
    const values: Record<string, string> = {
      token: route.name.startsWith('api-tokens.') ? String(customerTokenId) : 'a'.repeat(43),
      id: '1',
      hash: '0'.repeat(64),
    };
    return Object.fromEntries(route.parameters.map((p) => [p, values[p] ?? '1']));
  };
  const urlOf = (route: RegisteredRoute) =>
    `/${route.uri === '/' ? '' : route.uri}`
      .replace(/\{(\w+)\??\}/g, (_, p: string) => params(route)[p]!)
      .replace(/\/$/, '') || '/';

  // A fresh browser per request: a walk through `logout` must not sign the next request out.
  const browserFor = (role: Role): Promise<Browser> =>
    role === 'guest' ? guestBrowser(t) : signedInBrowser(t, EMAILS[role]);

  it('finds a declared access on every route in the registry', () => {
    const routes = t.app.routeList.all();
    expect(routes.length).toBeGreaterThan(40);
    const undeclared = routes.filter((r) => !ROUTE_ACCESS_LEVELS.includes(r.meta.access as RouteAccess));
    expect(undeclared.map((r) => r.name)).toEqual([]);
  });

  it('keeps every area URL behind at least its area guard', () => {
    for (const r of t.app.routeList.all()) {
      const rule = AREA_MINIMUM.find(([re]) => re.test(r.uri));
      if (rule && !AREA_EXCEPTIONS.has(r.name))
        expect(rule[1], `${r.name} (${r.uri}) is ${r.meta.access}`).toContain(r.meta.access);
    }
  });

  it('answers every route as every role as its access says', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeList.all()) {
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        for (const role of ROLES) {
          const browser = await browserFor(role);
          const res = await t.app.inject({
            method,
            url: urlOf(route),
            headers: browser.headers({ referer: 'http://localhost:80/' }),
            ...(method === 'GET' ? {} : { payload: {} }),
          });
          const refused = (res.headers['x-refused'] as string | undefined) ?? 'allowed';
          const want = expected(route, role);
          if (refused !== want) {
            failures.push(
              `${method} ${route.name} as ${role}: ${refused} (${res.statusCode}), expected ${want}`,
            );
          }
          // A refused request changes nothing, and its answer is never a success page.
          if (want !== 'allowed') expect(res.statusCode, `${route.name} as ${role}`).not.toBe(200);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 360_000);

  it("answers another account's record with 404, never the record", async () => {
    // The walk above ran the owner's own DELETE: a token of its own for this check.
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, EMAILS.customer));
    const { token: mine } = await t.app.services.apiTokens.create(customer!.id, {
      name: 'own',
      abilities: ['read'],
    });
    for (const role of ['other', 'care', 'admin'] as const) {
      const browser = await signedInBrowser(t, EMAILS[role]);
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await t.app.inject({
          method,
          url: `/user/api-tokens/${mine.id}`,
          headers: browser.headers(),
          payload: { permissions: ['delete'] },
        });
        // Staff without an approved identity check are stopped by the KYC guard first.
        if (role === 'other') expect(res.statusCode, `${method} as ${role}`).toBe(404);
        else expect(res.headers['x-refused']).toBe('kyc');
      }
    }
    const tokens = await t.app.services.apiTokens.list(customer!.id);
    expect(tokens.find((x) => x.id === mine.id)?.abilities).toEqual(['read']);
  });
});
