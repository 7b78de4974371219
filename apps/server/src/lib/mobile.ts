import { toLatinDigits } from './digits';
import { DomainError } from './domain-error';

const INVALID_MESSAGE = 'شماره موبایل معتبر نیست؛ شماره‌ای مانند ۰۹۱۲۳۴۵۶۷۸۹ وارد کنید.';

// Separators people type or paste: spaces (also no-break and zero-width), dashes, dots, brackets.
const SEPARATORS = /[\s\u00A0\u200E\u200F\u2010-\u2015\-.()]|\u200C|\u200D/g;

export type MobileParseResult = { ok: true; mobile: string } | { ok: false; message: string };

/**
 * Reads an Iranian mobile number as people write it (Persian, Arabic or Latin digits; spaces and
 * dashes; +98, 0098, 98, 0 or nothing before the 9) and gives its one stored form `09xxxxxxxxx`.
 */
export function parseMobile(input: unknown): MobileParseResult {
  if (typeof input !== 'string' || input.length > 40) return { ok: false, message: INVALID_MESSAGE };
  let digits = toLatinDigits(input.trim()).replace(SEPARATORS, '');
  if (digits.startsWith('+98')) digits = digits.slice(3);
  else if (digits.startsWith('0098')) digits = digits.slice(4);
  else if (digits.startsWith('98') && digits.length === 12) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  // After the country or trunk prefix, an Iranian mobile is 9 followed by nine digits.
  if (!/^9\d{9}$/.test(digits)) return { ok: false, message: INVALID_MESSAGE };
  return { ok: true, mobile: `0${digits}` };
}

/** Like parseMobile, but throws `RF_AUTH_MOBILE_INVALID` for a number that is not an Iranian mobile. */
export function normalizeMobile(input: unknown): string {
  const result = parseMobile(input);
  if (!result.ok) throw new DomainError('RF_AUTH_MOBILE_INVALID', result.message, { field: 'mobile' });
  return result.mobile;
}

/** `09121234567` → `0912***4567`: enough to recognise one's own number, not to read it. */
export function maskMobile(mobile: string): string {
  if (!/^09\d{9}$/.test(mobile)) return '***';
  return `${mobile.slice(0, 4)}***${mobile.slice(7)}`;
}

/** Who is looking at a number: the signed-in person (null for a guest). */
export interface MobileViewer {
  id: number;
  role: 'customer' | 'care' | 'admin';
}

/**
 * The one rule for a person's mobile number on a page (docs/domain.md, Privacy): staff (care and
 * admin) see a customer's number in full on their desks, where they call customers and check
 * identities; a person sees their own number in full; anyone else sees it masked. Every page prop
 * that carries someone's number goes through this (the props walk in http/mobile-walk.test.ts
 * checks every page as customer, care and admin).
 */
export function mobileAsSeenBy(
  mobile: string | null,
  ownerId: number,
  viewer: MobileViewer | null,
): string | null {
  if (!mobile) return null;
  if (viewer && (viewer.id === ownerId || viewer.role === 'care' || viewer.role === 'admin')) return mobile;
  return maskMobile(mobile);
}

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/**
 * A masked mobile inside a Persian sentence: Persian digits, and wrapped in a left-to-right
 * isolate (U+2066 … U+2069) so the bidi algorithm keeps «۰۹۱۲***۰۰۰۰» in order instead of
 * reversing its halves around the asterisks. Every message that names a masked number uses this.
 */
export function maskedMobileInText(mobile: string): string {
  const digits = maskMobile(mobile).replace(/\d/g, (d) => PERSIAN_DIGITS[Number(d)]!);
  return `\u2066${digits}\u2069`;
}
