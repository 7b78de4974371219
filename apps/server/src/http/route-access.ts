/** The roles an account has (users.role): a customer, a care agent, an administrator. */
export const USER_ROLES = ['customer', 'care', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Who may use a named route (docs/screens.md "Who"): `anyone`; `guest` (signed out only); `user` (any
 * signed-in account, even unverified or suspended: users.home, e-mail verification, logout);
 * `customer` (a signed-in account with a verified mobile or e-mail, not suspended); `care` (care or
 * admin); `admin`; `api` (a Bearer token, never a browser session: not in any browser route list).
 */
export type RouteAccess = 'anyone' | 'guest' | 'user' | 'customer' | 'care' | 'admin' | 'api';

export const ROUTE_ACCESS_LEVELS: readonly RouteAccess[] = [
  'anyone',
  'guest',
  'user',
  'customer',
  'care',
  'admin',
  'api',
];

/** Whether a role passes the route's role rule (and so whether the route is in its route list). */
export function mayUse(access: RouteAccess, role: UserRole | null): boolean {
  switch (access) {
    case 'anyone':
      return true;
    case 'guest':
      return role === null;
    case 'user':
    case 'customer':
      return role !== null;
    case 'care':
      return role === 'care' || role === 'admin';
    case 'admin':
      return role === 'admin';
    case 'api':
      return false;
  }
}
