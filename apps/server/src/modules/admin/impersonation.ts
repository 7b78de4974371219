import type { FastifyRequest } from 'fastify';
import { impersonatorOf } from '../../http/impersonator';
import type { User } from '../users';

/**
 * Routes kept from an impersonator: money leaving or entering the account (payments, top-ups), and
 * the whole account under /user/ (password and its confirmation, two-factor, other sessions, API
 * tokens, e-mail, mobile, photo, deletion). The customer's secrets and their consent are theirs
 * alone; ending the other sessions would also let the admin try password guesses.
 */
const REFUSED: RegExp[] = [/^panel\.payments\.(make|store)$/, /^panel\.invoices\.pay$/];

/** The account's routes, by address, so one added later is refused without being listed. */
const ACCOUNT_URI = /^\/?user(\/|$)/;

/** What the admin may look at under /user/: the profile page as the customer sees it. */
const ACCOUNT_PAGES_SHOWN = new Set(['profile.show', 'profile-photo.show']);

export const REFUSED_MESSAGE =
  'این کار در حالت ورود به‌جای کاربر انجام نمی‌شود؛ پرداخت و تنظیمات حساب (رمز عبور، ورود دومرحله‌ای، نشست‌ها، توکن‌ها، حذف حساب) فقط با خود کاربر است.';

/** The route being asked for, as its declaration names it. */
export interface RouteAsked {
  name: string;
  uri: string;
}

/**
 * Why the impersonator may not use this route, or null. Signing out is refused too: it would end
 * «remember me» on every browser of the customer; the banner's button is the way out.
 */
export function refusedWhileImpersonating(route: RouteAsked): string | null {
  if (route.name === 'logout') {
    return 'در حالت ورود به‌جای کاربر، خروج حساب کاربر را می‌بندد؛ با دکمهٔ «بازگشت به حساب مدیر» برگردید.';
  }
  if (ACCOUNT_URI.test(route.uri) && !ACCOUNT_PAGES_SHOWN.has(route.name)) return REFUSED_MESSAGE;
  return REFUSED.some((pattern) => pattern.test(route.name)) ? REFUSED_MESSAGE : null;
}

/** Why this admin may not impersonate this account now, or null when they may. */
export function impersonationAllowed(request: FastifyRequest, target: User): string | null {
  if (impersonatorOf(request)) return 'در حالت ورود به‌جای کاربر، نمی‌توانید به‌جای کاربر دیگری وارد شوید.';
  if (target.id === request.user?.id) return 'نمی‌توانید به‌جای خودتان وارد شوید.';
  if (target.role !== 'customer') return 'فقط به‌جای مشتریان می‌توان وارد شد، نه کارکنان.';
  if (target.deletedAt) return 'این حساب حذف شده است.';
  return null;
}
