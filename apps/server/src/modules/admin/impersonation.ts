import type { FastifyRequest } from 'fastify';
import type { User } from '../users/queries';

/**
 * Impersonation (docs/screens.md §6 `admin.users.impersonate`): an admin signs in as a customer to
 * see what they see. The session then belongs to the customer and carries who is really there, so
 * the banner can say so, the way back needs no password, and the guard (http/named-route.ts)
 * refuses what only the owner may do and logs every other action with both people.
 */
export const IMPERSONATOR_KEY = 'admin.impersonator';

export interface Impersonator {
  adminId: number;
  adminName: string;
  userId: number;
  userName: string;
  /** Epoch ms the impersonation began. */
  at: number;
}

export function impersonatorOf(request: FastifyRequest): Impersonator | null {
  const value = request.session?.get<Impersonator>(IMPERSONATOR_KEY);
  if (!value || typeof value !== 'object' || typeof value.adminId !== 'number') return null;
  // Only for the session's own user: a stale key on another sign-in means nothing.
  return request.user && request.user.id === value.userId ? value : null;
}

/**
 * Routes kept from an impersonator: money leaving or entering the account (payments, top-ups),
 * the password and its confirmation, two-factor, API tokens and account deletion. The customer's
 * secrets and their consent are theirs alone.
 */
const REFUSED: RegExp[] = [
  /^panel\.payments\.(make|store)$/,
  /^panel\.invoices\.pay$/,
  /^user-password\.update$/,
  /^password\.confirm(\.store)?$/,
  /^two-factor\./,
  /^api-tokens\./,
  /^current-user\.destroy$/,
];

export const REFUSED_MESSAGE =
  'این کار در حالت ورود به‌جای کاربر انجام نمی‌شود؛ پرداخت، رمز عبور، ورود دومرحله‌ای، توکن‌ها و حذف حساب فقط با خود کاربر است.';

/**
 * Why the impersonator may not use this route, or null. Signing out is refused too: it would end
 * «remember me» on every browser of the customer; the banner's button is the way out.
 */
export function refusedWhileImpersonating(routeName: string | undefined): string | null {
  if (routeName === 'logout') {
    return 'در حالت ورود به‌جای کاربر، خروج حساب کاربر را می‌بندد؛ با دکمهٔ «بازگشت به حساب مدیر» برگردید.';
  }
  return routeName !== undefined && REFUSED.some((pattern) => pattern.test(routeName))
    ? REFUSED_MESSAGE
    : null;
}

/** Why this admin may not impersonate this account now, or null when they may. */
export function impersonationAllowed(request: FastifyRequest, target: User): string | null {
  if (impersonatorOf(request)) return 'در حالت ورود به‌جای کاربر، نمی‌توانید به‌جای کاربر دیگری وارد شوید.';
  if (target.id === request.user?.id) return 'نمی‌توانید به‌جای خودتان وارد شوید.';
  if (target.role !== 'customer') return 'فقط به‌جای مشتریان می‌توان وارد شد، نه کارکنان.';
  if (target.deletedAt) return 'این حساب حذف شده است.';
  return null;
}
