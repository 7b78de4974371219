import { createHmac, hkdfSync } from 'node:crypto';
import { DomainError } from './domain-error';

/**
 * The raw 32 bytes behind APP_KEY (`base64:…`). One master key signs links, encrypts 2FA secrets
 * and signs bot-check challenges; each use gets its own derived key (HKDF), so a signature made
 * for one purpose can never be replayed as another.
 */
export function appKeyBytes(appKey: string): Buffer {
  const match = /^base64:([A-Za-z0-9+/]{43}=)$/.exec(appKey);
  if (!match)
    throw new DomainError('RF_AUTH_APP_KEY_INVALID', 'کلید برنامه (APP_KEY) معتبر نیست.', { status: 500 });
  return Buffer.from(match[1]!, 'base64');
}

export type KeyPurpose =
  | 'signed-links'
  | 'encryption'
  | 'altcha'
  | 'one-time-codes'
  | 'drive-downloads'
  | 'render-node-files';

export function deriveKey(appKey: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', appKeyBytes(appKey), Buffer.alloc(0), `renderfarm:${purpose}`, 32));
}

/** HMAC-SHA256 in hex with a purpose key. */
export function hmacHex(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('hex');
}
