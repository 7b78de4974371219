import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../types/shared-props';
import { userLinks } from './user-links';

const user = (roles: string[]): AuthUser => ({
  id: 1,
  name: 'سارا',
  mobile_masked: '0912***0000',
  roles,
  balance: 0,
  kyc_status: 'approved',
  two_factor: false,
  email_verified: true,
});

const hrefs = (roles: string[]) => userLinks(user(roles)).map((link) => link.href);

describe('userLinks', () => {
  it('gives a customer the panel and profile only', () => {
    expect(hrefs(['customer'])).toEqual(['/panel', '/user/profile']);
  });

  it('adds the support desk for care staff', () => {
    expect(hrefs(['care'])).toEqual(['/panel', '/user/profile', '/care']);
  });

  it('adds the support desk and administration for admins', () => {
    expect(hrefs(['admin'])).toEqual(['/panel', '/user/profile', '/care', '/admin']);
  });
});
