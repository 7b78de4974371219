import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/key-derivation';

/** How long a download link works: long enough to start (and for a manager to resume) a big file. */
export const DOWNLOAD_LINK_SECONDS = 10 * 60;

export interface DownloadClaim {
  drive: number;
  file: number;
  user: number;
  /** Unix seconds. */
  expires: number;
}

export type TokenCheck = { ok: true; claim: DownloadClaim } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * `/dl/{token}`: `drive.file.user.expires.signature` in base36 and base64url, an HMAC-SHA256
 * (key derived from APP_KEY for this purpose only) over the four numbers. No cookie is needed, so
 * a download manager can resume with Range; the file row and owner are checked again on each use.
 */
export function createDownloadLinks(options: { appKey: string }) {
  const key = deriveKey(options.appKey, 'drive-downloads');
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    issue(claim: Omit<DownloadClaim, 'expires'>, now = new Date()): { token: string; expiresAt: Date } {
      const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
      const body = [claim.drive, claim.file, claim.user, expires].map((n) => n.toString(36)).join('.');
      return { token: `${body}.${sign(body)}`, expiresAt: new Date(expires * 1000) };
    },
    check(token: string, now = new Date()): TokenCheck {
      const parts = token.split('.');
      if (parts.length !== 5 || token.length > 200) return { ok: false, reason: 'invalid' };
      const body = parts.slice(0, 4).join('.');
      // Compared as text: base64url has spare bits, so decoded bytes would let two spellings pass.
      const given = Buffer.from(parts[4]!);
      const wanted = Buffer.from(sign(body));
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
        return { ok: false, reason: 'invalid' };
      const [drive, file, user, expires] = parts.slice(0, 4).map((p) => Number.parseInt(p, 36)) as number[];
      if (![drive, file, user, expires].every((n) => Number.isSafeInteger(n) && n! > 0)) {
        return { ok: false, reason: 'invalid' };
      }
      if (expires! * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, claim: { drive: drive!, file: file!, user: user!, expires: expires! } };
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
