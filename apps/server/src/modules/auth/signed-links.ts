import { timingSafeEqual } from 'node:crypto';
import { type Clock, systemClock } from '../../lib/clock';
import { deriveKey, hmacHex } from '../../lib/key-derivation';
import { AuthError } from './errors';

/**
 * Signed, expiring URLs (Laravel's `URL::temporarySignedRoute`): `expires` and `signature` query
 * parameters, the signature an HMAC-SHA256 (APP_KEY) of the path and the other parameters. The
 * host is left out, so a link still works behind a proxy that rewrites it.
 */
export function createSignedLinks(options: { appKey: string; appUrl: string; clock?: Clock }) {
  const key = deriveKey(options.appKey, 'signed-links');
  const clock = options.clock ?? systemClock;

  const payload = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('signature');
    params.sort();
    return `${url.pathname}?${params.toString()}`;
  };

  return {
    /** An absolute URL for `path` (with its query) valid for `ttlSeconds`. */
    sign(path: string, ttlSeconds: number): string {
      const url = new URL(path, options.appUrl);
      url.searchParams.set('expires', String(Math.floor(clock().getTime() / 1000) + ttlSeconds));
      url.searchParams.set('signature', hmacHex(key, payload(url)));
      return url.toString();
    },

    /** Checks a URL (absolute or path + query): `RF_AUTH_SIGNATURE_INVALID` or `RF_AUTH_LINK_EXPIRED`. */
    verify(url: string): void {
      const parsed = new URL(url, options.appUrl);
      const given = Buffer.from(parsed.searchParams.get('signature') ?? '', 'utf8');
      const expected = Buffer.from(hmacHex(key, payload(parsed)), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AuthError('RF_AUTH_SIGNATURE_INVALID', 'این پیوند معتبر نیست.');
      }
      const expires = Number(parsed.searchParams.get('expires'));
      if (!Number.isFinite(expires) || expires * 1000 <= clock().getTime()) {
        throw new AuthError('RF_AUTH_LINK_EXPIRED', 'مهلت این پیوند تمام شده است؛ پیوند تازه بخواهید.');
      }
    },
  };
}

export type SignedLinks = ReturnType<typeof createSignedLinks>;
