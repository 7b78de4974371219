import { createHmac, timingSafeEqual } from 'node:crypto';

/** `value.signature` with an HMAC-SHA256 of the value, so a client cannot pick its session id. */
export const sign = (value: string, secret: string): string =>
  `${value}.${createHmac('sha256', secret).update(value).digest('base64url')}`;

/** The value, if the signature is right; undefined otherwise. */
export function unsign(signed: string | undefined, secret: string): string | undefined {
  if (!signed) return undefined;
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const expected = Buffer.from(sign(value, secret));
  const given = Buffer.from(signed);
  return expected.length === given.length && timingSafeEqual(expected, given) ? value : undefined;
}

/** Constant-time string comparison (CSRF tokens). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
