import type { RoutesConfig } from '@renderfarm/routes';

// name → [methods, uri] as docs/screens.md §1–4 defines them.
const LIST: Record<string, [string, string]> = {
  home: ['GET', '/'],
  'terms.show': ['GET', 'terms-of-service'],
  contact: ['GET', 'contact'],
  'contact.store': ['POST', 'contact'],
  login: ['GET', 'login'],
  'login.store': ['POST', 'login'],
  logout: ['POST', 'logout'],
  register: ['GET', 'register'],
  'register.store': ['POST', 'register'],
  'password.request': ['GET', 'forgot-password'],
  'password.email': ['POST', 'forgot-password'],
  'password.reset': ['GET', 'reset-password/{token}'],
  'password.update': ['POST', 'reset-password'],
  'password.confirm': ['GET', 'user/confirm-password'],
  'password.confirm.store': ['POST', 'user/confirm-password'],
  'password.confirmation': ['GET', 'user/confirmed-password-status'],
  'two-factor.login': ['GET', 'two-factor-challenge'],
  'two-factor.login.store': ['POST', 'two-factor-challenge'],
  'verification.notice': ['GET', 'email/verify'],
  'verification.send': ['POST', 'email/verification-notification'],
  'verification.address.update': ['PUT', 'email/verification-address'],
  'users.auth.signin': ['GET', 'auth/signin'],
  'users.auth.signin.store': ['POST', 'auth/signin'],
  'users.auth.signup': ['GET', 'auth/signup'],
  'users.auth.signup.store': ['POST', 'auth/signup'],
  'users.auth.verify': ['GET', 'auth/verify'],
  'users.auth.verify.store': ['POST', 'auth/verify'],
  'users.auth.resend': ['POST', 'auth/resend'],
  'users.landing': ['GET', 'auth/welcome'],
  'users.home': ['GET', 'home'],
  dashboard: ['GET', 'dashboard'],
  'profile.show': ['GET', 'user/profile'],
  'user-profile-information.update': ['PUT', 'user/profile-information'],
  'current-user-photo.destroy': ['DELETE', 'user/profile-photo'],
  'user-password.update': ['PUT', 'user/password'],
  'two-factor.enable': ['POST', 'user/two-factor-authentication'],
  'two-factor.confirm': ['POST', 'user/confirmed-two-factor-authentication'],
  'two-factor.disable': ['DELETE', 'user/two-factor-authentication'],
  'two-factor.qr-code': ['GET', 'user/two-factor-qr-code'],
  'two-factor.secret-key': ['GET', 'user/two-factor-secret-key'],
  'two-factor.recovery-codes': ['GET', 'user/two-factor-recovery-codes'],
  'two-factor.regenerate-recovery-codes': ['POST', 'user/two-factor-recovery-codes'],
  'other-browser-sessions.destroy': ['DELETE', 'user/other-browser-sessions'],
  'current-user.destroy': ['DELETE', 'user'],
  'api-tokens.index': ['GET', 'user/api-tokens'],
  'api-tokens.store': ['POST', 'user/api-tokens'],
  'api-tokens.update': ['PUT', 'user/api-tokens/{token}'],
  'api-tokens.destroy': ['DELETE', 'user/api-tokens/{token}'],
  'panel.home': ['GET', 'panel'],
  'panel.payments.make': ['GET', 'panel/payments/create'],
  'panel.instances.make': ['GET', 'panel/instances/create'],
  'panel.account.verify': ['GET', 'panel/account/verify'],
  'panel.notifications.list': ['GET', 'panel/notifications'],
  'care.home': ['GET', 'care'],
  'admin.dash': ['GET', 'admin'],
};

/** A Ziggy route list like the one the server shares, for rendering pages in tests. */
export function sampleRoutes(omit: string[] = []): RoutesConfig {
  const routes: RoutesConfig['routes'] = {};
  for (const [name, [method, uri]] of Object.entries(LIST)) {
    if (omit.includes(name)) continue;
    const parameters = [...uri.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1]!);
    routes[name] = {
      uri,
      methods: (method === 'GET' ? ['GET', 'HEAD'] : [method]) as RoutesConfig['routes'][string]['methods'],
      ...(parameters.length ? { parameters } : {}),
    };
  }
  return { url: 'http://localhost', port: null, defaults: {}, routes };
}
