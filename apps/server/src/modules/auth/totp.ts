import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP), as authenticator apps compute them:
 * SHA-1, 30-second steps, 6 digits by default.
 */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export interface TotpOptions {
  step?: number;
  digits?: number;
  algorithm?: TotpAlgorithm;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (what `otpauth://` secrets use). */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as people copy it: any case, spaces and padding ignored. Throws on other characters. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new RangeError('not a base32 string');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 160 random bits, the HMAC-SHA1 block RFC 4226 recommends, in base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 §5.3: HMAC the big-endian counter, then dynamic truncation to `digits` digits. */
export function hotp(
  key: Uint8Array,
  counter: number,
  digits = 6,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(at: Date, step = 30): number {
  return Math.floor(at.getTime() / 1000 / step);
}

/** The code for one moment; `secret` is base32 or raw key bytes. */
export function totp(secret: string | Uint8Array, at: Date, options: TotpOptions = {}): string {
  const key = typeof secret === 'string' ? base32Decode(secret) : secret;
  return hotp(key, totpStep(at, options.step), options.digits, options.algorithm);
}

/**
 * Checks a code against the current step and `window` steps either side (clock drift between the
 * phone and the server), comparing every candidate in constant time. Returns the matching step, so
 * the caller can refuse a second use of it, or null.
 */
export function verifyTotp(
  secret: string,
  code: string,
  at: Date,
  options: TotpOptions & { window?: number } = {},
): number | null {
  const digits = options.digits ?? 6;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const key = base32Decode(secret);
  const current = totpStep(at, options.step);
  const window = options.window ?? 1;
  let matched: number | null = null;
  // No early exit: every candidate is computed and compared, whichever one matches.
  for (let step = current - window; step <= current + window; step++) {
    const expected = Buffer.from(hotp(key, step, digits, options.algorithm));
    if (timingSafeEqual(expected, Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}

/** The `otpauth://` URL authenticator apps read from the QR code (Google Authenticator key URI format). */
export function otpauthUrl(options: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.account)}`;
  const query = new URLSearchParams({
    secret: options.secret,
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`;
}
