import type { RegisteredRoute } from '@renderfarm/routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../modules/auth/test-support';
import { users } from '../modules/users/tables';
import { type Browser, guestBrowser, signedInBrowser } from '../testing/app';
import type { Refusal } from './named-route';
import type { RouteAccess } from './route-access';

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
 * Who may use each route, written from docs/screens.md's "Who" column, independently of the code's
 * declarations: a route missing here, or declared differently, fails the walk. A new route is
 * added here by whoever adds it, saying who may use it.
 */
interface Rule {
  access: RouteAccess;
  confirm?: boolean;
  kyc?: boolean;
  allowSuspended?: boolean;
}
const c = (extra: Omit<Rule, 'access'> = {}): Rule => ({ access: 'customer', ...extra });
const RULES: Record<string, Rule> = {
  home: { access: 'anyone' },
  'botcheck.challenge': { access: 'anyone' },
  contact: { access: 'anyone' },
  'contact.store': { access: 'anyone' },
  // The public site (content module): pages anyone may read; drafts are 404 unless an admin previews.
  about: { access: 'anyone' },
  software: { access: 'anyone' },
  'software.revit': { access: 'anyone' },
  blog: { access: 'anyone' },
  'blog.show': { access: 'anyone' },
  'articles.folder': { access: 'anyone' },
  'articles.show': { access: 'anyone' },
  'articles.page': { access: 'anyone' },
  'articles.feedback': { access: 'anyone' },
  support: { access: 'anyone' },
  career: { access: 'anyone' },
  welcome: { access: 'anyone' },
  landing: { access: 'anyone' },
  'policy.show': { access: 'anyone' },
  'terms.show': { access: 'anyone' },
  sitemap: { access: 'anyone' },
  robots: { access: 'anyone' },
  feed: { access: 'anyone' },
  'feed.folder': { access: 'anyone' },
  'security-txt': { access: 'anyone' },
  'admin.redirects.list': { access: 'admin' },
  'admin.redirects.make': { access: 'admin' },
  'admin.redirects.edit': { access: 'admin' },
  'admin.redirects.store': { access: 'admin' },
  'admin.redirects.update': { access: 'admin' },
  'admin.redirects.destroy': { access: 'admin' },
  'admin.articles.list': { access: 'admin' },
  'admin.articles.make': { access: 'admin' },
  'admin.articles.edit': { access: 'admin' },
  'admin.articles.store': { access: 'admin' },
  'admin.articles.update': { access: 'admin' },
  'admin.articles.destroy': { access: 'admin' },
  'admin.folders.list': { access: 'admin' },
  'admin.folders.make': { access: 'admin' },
  'admin.folders.edit': { access: 'admin' },
  'admin.folders.store': { access: 'admin' },
  'admin.folders.update': { access: 'admin' },
  'admin.folders.destroy': { access: 'admin' },
  'admin.menus.list': { access: 'admin' },
  'admin.menus.make': { access: 'admin' },
  'admin.menus.edit': { access: 'admin' },
  'admin.menus.store': { access: 'admin' },
  'admin.menus.update': { access: 'admin' },
  'admin.menus.destroy': { access: 'admin' },
  'admin.links.list': { access: 'admin' },
  'admin.links.make': { access: 'admin' },
  'admin.links.edit': { access: 'admin' },
  'admin.links.store': { access: 'admin' },
  'admin.links.update': { access: 'admin' },
  'admin.links.destroy': { access: 'admin' },
  'admin.folders.sort': { access: 'admin' },
  'admin.menus.sort': { access: 'admin' },
  'admin.links.sort': { access: 'admin' },
  'admin.page': { access: 'admin' },
  'admin.page.update': { access: 'admin' },
  'admin.uploads.store': { access: 'admin' },
  'career.store': { access: 'anyone' },
  'verification.verify': { access: 'anyone' },
  login: { access: 'guest' },
  'login.store': { access: 'guest' },
  register: { access: 'guest' },
  'register.store': { access: 'guest' },
  'password.request': { access: 'guest' },
  'password.email': { access: 'guest' },
  'password.reset': { access: 'guest' },
  'password.update': { access: 'guest' },
  'two-factor.login': { access: 'guest' },
  'two-factor.login.store': { access: 'guest' },
  'users.auth.signin': { access: 'guest' },
  'users.auth.signin.store': { access: 'guest' },
  'users.auth.verify': { access: 'guest' },
  'users.auth.verify.store': { access: 'guest' },
  'users.auth.signup': { access: 'guest' },
  'users.auth.signup.store': { access: 'guest' },
  'users.auth.resend': { access: 'guest' },
  'password.confirm': { access: 'user' },
  'password.confirm.store': { access: 'user' },
  'password.confirmation': { access: 'user' },
  'verification.notice': { access: 'user' },
  'verification.send': { access: 'user' },
  'verification.address.update': { access: 'user', confirm: true },
  'users.home': { access: 'user' },
  logout: { access: 'user' },
  'users.landing': c(),
  'panel.home': c({ allowSuspended: true }),
  'care.home': { access: 'care' },
  'admin.dash': { access: 'admin' },
  'admin.users.list': { access: 'admin' },
  'admin.users.make': { access: 'admin' },
  'admin.users.edit': { access: 'admin' },
  'admin.users.store': { access: 'admin', confirm: true },
  'admin.users.update': { access: 'admin', confirm: true },
  'admin.users.balance': { access: 'admin', confirm: true },
  'admin.users.suspend': { access: 'admin', confirm: true },
  'admin.users.two-factor.destroy': { access: 'admin', confirm: true },
  'admin.users.impersonate': { access: 'admin', confirm: true },
  'impersonate.leave': { access: 'user' },
  'admin.audit': { access: 'admin' },
  'admin.audit.export': { access: 'admin' },
  'admin.chart1': { access: 'admin' },
  'admin.chart2': { access: 'admin' },
  'admin.charts.export': { access: 'admin' },
  'admin.instances.export': { access: 'admin' },
  'admin.instances.item': { access: 'admin' },
  'admin.instances.item.export': { access: 'admin' },
  'admin.configs.list': { access: 'admin' },
  'admin.configs.make': { access: 'admin' },
  'admin.configs.edit': { access: 'admin' },
  'admin.configs.store': { access: 'admin', confirm: true },
  'admin.configs.update': { access: 'admin', confirm: true },
  'admin.configs.destroy': { access: 'admin', confirm: true },
  'admin.images.store': { access: 'admin' },
  'admin.images.update': { access: 'admin' },
  prices: { access: 'anyone' },
  plans: { access: 'anyone' },
  'admin.limitations.list': { access: 'admin' },
  'admin.limitations.make': { access: 'admin' },
  'admin.limitations.edit': { access: 'admin' },
  'admin.limitations.store': { access: 'admin' },
  'admin.limitations.update': { access: 'admin' },
  'admin.limitations.destroy': { access: 'admin' },
  'admin.instances.move': { access: 'admin' },
  'admin.instances.bulk-stop': { access: 'admin' },
  'panel.items': { access: 'customer' },
  'panel.items.export': { access: 'customer' },
  'panel.notifications.list': c(),
  'panel.notifications.read': c(),
  'panel.notifications.destroy': c(),
  'panel.notifications.read-all': c(),
  'panel.notifications.edit': c(),
  'panel.notifications.settings.update': c(),
  'panel.activity.show': c(),
  'panel.tickets.list': c({ allowSuspended: true }),
  'panel.tickets.make': c({ allowSuspended: true }),
  'panel.tickets.store': c({ allowSuspended: true }),
  'panel.tickets.edit': c({ allowSuspended: true }),
  'panel.tickets.reply': c({ allowSuspended: true }),
  'panel.tickets.close': c({ allowSuspended: true }),
  'panel.tickets.rate': c({ allowSuspended: true }),
  // The owner of the ticket or staff; anyone else is a 404 from the route itself.
  'tickets.attachments.show': { access: 'user', allowSuspended: true },
  'care.tickets.list': { access: 'care' },
  'care.tickets.make': { access: 'care' },
  'care.tickets.store': { access: 'care' },
  'care.tickets.edit': { access: 'care' },
  'care.tickets.reply': { access: 'care' },
  'care.tickets.update': { access: 'care' },
  'admin.tickets.list': { access: 'admin' },
  'admin.tickets.make': { access: 'admin' },
  'admin.tickets.store': { access: 'admin' },
  'admin.tickets.edit': { access: 'admin' },
  'admin.tickets.reply': { access: 'admin' },
  'admin.tickets.update': { access: 'admin' },
  'admin.tickets.spam': { access: 'admin' },
  'admin.tickets.destroy': { access: 'admin' },
  'panel.account.show': c(),
  'panel.account.edit': c(),
  'panel.account.update': c(),
  // Proving the account's own number needs nothing more; a new number asks for the password inside.
  'panel.account.mobile.send': c(),
  'panel.account.mobile.update': c(),
  'panel.account.verify': c(),
  'panel.account.verify.store': c(),
  'panel.account.verify.destroy': c(),
  // After a rejection or a revoke the customer starts the next request (and its own selfie code).
  'panel.account.verify.renew': c(),
  // The owner gets the bytes; anyone else a 404 from the handler.
  'panel.account.verify.document': c(),
  'care.verify.list': { access: 'care' },
  'care.verify.edit': { access: 'care' },
  'care.verify.claim': { access: 'care' },
  'care.verify.decide': { access: 'care' },
  'care.verify.document': { access: 'care' },
  'admin.verify.list': { access: 'admin' },
  'admin.verify.edit': { access: 'admin' },
  'admin.verify.claim': { access: 'admin' },
  'admin.verify.decide': { access: 'admin' },
  'admin.verify.document': { access: 'admin' },
  'admin.verify.revoke': { access: 'admin' },
  'panel.payments.make': c(),
  'panel.payments.store': c(),
  'panel.payments.show': c(),
  'panel.payments.verify': { access: 'anyone' },
  'payments.test-gateway': { access: 'anyone' },
  'admin.payments.reconcile': { access: 'admin' },
  'panel.invoices.list': c(),
  'panel.invoices.make': c(),
  'panel.invoices.edit': c(),
  'panel.invoices.store': c(),
  'panel.invoices.update': c(),
  'panel.invoices.destroy': c(),
  'panel.invoices.pay': c(),
  'panel.invoices.pdf': c(),
  'admin.invoices.list': { access: 'admin' },
  'admin.invoices.make': { access: 'admin' },
  'admin.invoices.edit': { access: 'admin' },
  'admin.invoices.store': { access: 'admin' },
  'admin.invoices.update': { access: 'admin' },
  'admin.invoices.destroy': { access: 'admin' },
  'admin.invoices.pay': { access: 'admin' },
  'admin.invoices.refund': { access: 'admin', confirm: true },
  'admin.invoices.pdf': { access: 'admin' },
  'care.instances.list': { access: 'care' },
  'care.instances.view': { access: 'care' },
  'care.instances.power': { access: 'care' },
  'admin.instances.list': { access: 'admin' },
  'admin.instances.view': { access: 'admin' },
  'admin.instances.power': { access: 'admin' },
  'admin.instances.suspend': { access: 'admin' },
  'admin.instances.retry': { access: 'admin' },
  'admin.instances.destroy': { access: 'admin', confirm: true },
  'admin.resources.list': { access: 'admin' },
  'admin.resources.make': { access: 'admin' },
  'admin.resources.edit': { access: 'admin' },
  'admin.resources.store': { access: 'admin' },
  'admin.resources.destroy': { access: 'admin' },
  'admin.resources.maintenance': { access: 'admin' },
  'admin.resources.check': { access: 'admin' },
  'admin.ports': { access: 'admin' },
  'admin.ports.store': { access: 'admin' },
  'admin.ports.update': { access: 'admin' },
  'admin.ports.destroy': { access: 'admin' },
  'admin.resources.update': { access: 'admin', confirm: true },
  'admin.ports.release': { access: 'admin', confirm: true },
  'admin.hardwares.list': { access: 'admin' },
  'admin.hardwares.make': { access: 'admin' },
  'admin.hardwares.edit': { access: 'admin' },
  'admin.hardwares.store': { access: 'admin' },
  'admin.hardwares.update': { access: 'admin' },
  'admin.hardwares.destroy': { access: 'admin' },
  'admin.locations.list': { access: 'admin' },
  'admin.locations.make': { access: 'admin' },
  'admin.locations.edit': { access: 'admin' },
  'admin.locations.store': { access: 'admin' },
  'admin.locations.update': { access: 'admin' },
  'admin.locations.destroy': { access: 'admin' },
  dashboard: c(),
  'profile.show': c(),
  'user-profile-information.update': c(),
  'current-user-photo.destroy': c(),
  // The owner or staff get the bytes; anyone else a 404 from the handler (not a guard refusal).
  'profile-photo.show': { access: 'user' },
  'user-password.update': c(),
  'user-mobile.send': c({ confirm: true }),
  'user-mobile.update': c({ confirm: true }),
  'user-mobile.cancel': c(),
  'two-factor.enable': c({ confirm: true }),
  'two-factor.confirm': c({ confirm: true }),
  'two-factor.disable': c({ confirm: true }),
  'two-factor.qr-code': c({ confirm: true }),
  'two-factor.secret-key': c({ confirm: true }),
  'two-factor.recovery-codes': c({ confirm: true }),
  'two-factor.regenerate-recovery-codes': c({ confirm: true }),
  'other-browser-sessions.destroy': c(),
  'current-user.destroy': c(),
  'panel.instances.list': c(),
  // Start checks KYC itself (a refusal as errors.action): stop must work without it.
  'panel.instances.power': c(),
  'panel.instances.make': c(),
  'panel.instances.store': c(),
  'panel.instances.review': c(),
  'panel.drives.list': c(),
  'panel.drives.store': c(),
  'panel.drives.update': c(),
  'panel.drives.destroy': c(),
  'panel.drives.attach': c(),
  'panel.drives.detach': c(),
  'panel.drives.show': c(),
  'panel.drives.folders.store': c(),
  'panel.drives.files.destroy': c(),
  'panel.drives.files.store': c(),
  'panel.drives.files.upload': c(),
  'panel.drives.down': c(),
  // A signed link: the token is the permission (no cookie), bound to its user and 10 minutes.
  'drives.file': { access: 'anyone' },
  'panel.instances.view': c(),
  'panel.instances.edit': c(),
  'panel.instances.update': c(),
  'panel.instances.password': c({ confirm: true }),
  'panel.instances.rdp': c(),
  'panel.instances.schedule': c(),
  'panel.instances.reinstall': c({ confirm: true }),
  'panel.instances.destroy': c(),
  'api-tokens.index': c({ kyc: true }),
  'api-tokens.store': c({ kyc: true }),
  'api-tokens.update': c({ kyc: true }),
  'api-tokens.destroy': c({ kyc: true }),
  'api.v1.me': { access: 'api' },
  'api.v1.items.index': { access: 'api' },
  'api.v1.instances.index': { access: 'api' },
  'api.v1.instances.show': { access: 'api' },
  'api.v1.instances.power': { access: 'api' },
  'api.v1.tickets.index': { access: 'api' },
  'api.v1.tickets.store': { access: 'api' },
};

function expected(route: RegisteredRoute, role: Role): Refusal | 'allowed' {
  const rule = RULES[route.name]!;
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
 * The one panel URL open to anyone (docs/screens.md): the gateway's callback, which a buyer may
 * reach in another browser (a bank's app) with no session; it shows amounts only to the owner.
 */
const AREA_EXCEPTIONS = new Set(['panel.payments.verify']);

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

  it('knows who may use every route in the registry', () => {
    const routes = t.app.routeList.all();
    expect(routes.length).toBeGreaterThan(40);
    const unknown = routes.map((r) => r.name).filter((name) => !(name in RULES));
    expect(unknown, 'routes missing from RULES: say who may use them').toEqual([]);
    for (const r of routes) {
      const rule = RULES[r.name]!;
      expect({ access: r.meta.access, confirm: !!r.meta.confirm, kyc: !!r.meta.kyc }, r.name).toEqual({
        access: rule.access,
        confirm: !!rule.confirm,
        kyc: !!rule.kyc,
      });
    }
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
  }, 120_000);

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
