import { describe, expect, it } from 'vitest';
import { hashParams, hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('رمز-امن-۱۲۳');
    expect(stored.startsWith(`scrypt$${hashParams().N}$8$1$`)).toBe(true);
    expect(await verifyPassword('رمز-امن-۱۲۳', stored)).toBe(true);
    expect(await verifyPassword('رمز-امن-123', stored)).toBe(false);
  });

  it("hashes at OWASP's scrypt floor everywhere but the test suite", () => {
    expect(hashParams({ NODE_ENV: 'production' })).toMatchObject({ N: 131072, r: 8, p: 1 });
    expect(hashParams({ NODE_ENV: 'development' })).toMatchObject({ N: 131072, r: 8, p: 1 });
    expect(hashParams({ NODE_ENV: 'test' }).N).toBeLessThan(131072);
  });

  it('verifies a hash made at the production cost whatever the cost of new hashes', async () => {
    // A known hash of «password» at N=2^17 would be a fixture; one made here proves the same.
    const salt = Buffer.alloc(16, 7);
    const { scryptSync } = await import('node:crypto');
    const hash = scryptSync('password', salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
    const stored = ['scrypt', 131072, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
    expect(await verifyPassword('password', stored)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('password')).not.toBe(await hashPassword('password'));
  });

  it('refuses a malformed stored value instead of throwing', async () => {
    expect(await verifyPassword('password', 'md5$abc')).toBe(false);
    expect(await verifyPassword('password', '')).toBe(false);
  });
});
