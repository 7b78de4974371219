import { describe, expect, it } from 'vitest';
import { mayUse, type RouteAccess } from './route-access';

describe('mayUse', () => {
  const table: [RouteAccess, Record<'guest' | 'customer' | 'care' | 'admin', boolean>][] = [
    ['anyone', { guest: true, customer: true, care: true, admin: true }],
    ['guest', { guest: true, customer: false, care: false, admin: false }],
    ['user', { guest: false, customer: true, care: true, admin: true }],
    ['customer', { guest: false, customer: true, care: true, admin: true }],
    ['care', { guest: false, customer: false, care: true, admin: true }],
    ['admin', { guest: false, customer: false, care: false, admin: true }],
    // Bearer-token routes are never offered to a browser session.
    ['api', { guest: false, customer: false, care: false, admin: false }],
  ];
  it.each(table)('%s', (access, expected) => {
    expect(mayUse(access, null)).toBe(expected.guest);
    expect(mayUse(access, 'customer')).toBe(expected.customer);
    expect(mayUse(access, 'care')).toBe(expected.care);
    expect(mayUse(access, 'admin')).toBe(expected.admin);
  });
});
