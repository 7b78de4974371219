import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptString, encryptString } from './encryption';

const key = () => `base64:${randomBytes(32).toString('base64')}`;

describe('encryption with APP_KEY', () => {
  it('round-trips and uses a fresh IV each time', () => {
    const k = key();
    const a = encryptString(k, 'JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(encryptString(k, 'JBSWY3DPEHPK3PXP'));
    expect(decryptString(k, a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, a changed byte and junk with RF_AUTH_DECRYPT_FAILED', () => {
    const k = key();
    const sealed = encryptString(k, 'secret');
    expect(() => decryptString(key(), sealed)).toThrow(
      expect.objectContaining({ code: 'RF_AUTH_DECRYPT_FAILED' }),
    );
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    expect(() => decryptString(k, `v1:${raw.toString('base64')}`)).toThrow();
    expect(() => decryptString(k, 'plain')).toThrow();
  });

  it('refuses a malformed APP_KEY', () => {
    expect(() => encryptString('not-a-key', 'x')).toThrow(
      expect.objectContaining({ code: 'RF_AUTH_APP_KEY_INVALID' }),
    );
  });
});
