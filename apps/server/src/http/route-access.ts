import type { UserRole } from '../modules/users/tables';

/**
 * Who may use a named route (SCREENS.md "Who"): `anyone`; `guest` (signed out only); `customer`
 * (any signed-in account); `care` (care or admin); `admin`.
 */
export type RouteAccess = 'anyone' | 'guest' | 'customer' | 'care' | 'admin';

export function mayUse(access: RouteAccess, role: UserRole | null): boolean {
  switch (access) {
    case 'anyone':
      return true;
    case 'guest':
      return role === null;
    case 'customer':
      return role !== null;
    case 'care':
      return role === 'care' || role === 'admin';
    case 'admin':
      return role === 'admin';
  }
}
