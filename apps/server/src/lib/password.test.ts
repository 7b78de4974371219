import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('رمز-امن-۱۲۳');
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('رمز-امن-۱۲۳', stored)).toBe(true);
    expect(await verifyPassword('رمز-امن-123', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('password')).not.toBe(await hashPassword('password'));
  });

  it('refuses a malformed stored value instead of throwing', async () => {
    expect(await verifyPassword('password', 'md5$abc')).toBe(false);
    expect(await verifyPassword('password', '')).toBe(false);
  });
});
