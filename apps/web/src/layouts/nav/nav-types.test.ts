import { describe, expect, it } from 'vitest';
import { isActive } from './nav-types';

describe('isActive', () => {
  it('matches the page and the pages under it', () => {
    expect(isActive('/panel/instances', '/panel/instances')).toBe(true);
    expect(isActive('/panel/instances', '/panel/instances/5f1c/edit')).toBe(true);
    expect(isActive('/panel/instances', '/panel/instances?page=2')).toBe(true);
  });

  it('does not match a sibling that shares a prefix', () => {
    expect(isActive('/panel/invoices', '/panel/invoices-archive')).toBe(false);
  });

  it('matches an area home only exactly', () => {
    expect(isActive('/panel', '/panel', true)).toBe(true);
    expect(isActive('/panel', '/panel/', true)).toBe(true);
    expect(isActive('/panel', '/panel/tickets', true)).toBe(false);
  });
});
