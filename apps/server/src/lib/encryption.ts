import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DomainError } from './domain-error';
import { deriveKey } from './key-derivation';

const VERSION = 'v1';

/**
 * AES-256-GCM with a key derived from APP_KEY, for secrets the app must read back (2FA secrets).
 * Output: `v1:` + base64(iv ‖ tag ‖ ciphertext); the tag makes any tampering fail to decrypt.
 */
export function encryptString(appKey: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(appKey, 'encryption'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function decryptString(appKey: string, stored: string): string {
  try {
    if (!stored.startsWith(`${VERSION}:`)) throw new Error('unknown format');
    const raw = Buffer.from(stored.slice(VERSION.length + 1), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', deriveKey(appKey, 'encryption'), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch (cause) {
    throw new DomainError('RF_AUTH_DECRYPT_FAILED', 'داده رمزشده خوانده نشد.', { status: 500, cause });
  }
}
