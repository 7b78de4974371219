import { Bell, House } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { activeHref, isActive, type NavSection, visibleNav } from './nav-types';

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

describe('activeHref', () => {
  const nav: NavSection[] = [
    { items: [{ label: 'پیشخوان', route: 'panel.home', href: '/panel', icon: House }] },
    {
      items: [
        { label: 'حساب کاربری', route: 'panel.account.show', href: '/panel/account', icon: Bell },
        { label: 'احراز هویت', route: 'panel.account.verify', href: '/panel/account/verify', icon: Bell },
      ],
    },
  ];

  it('lights the deepest matching item only', () => {
    expect(activeHref(nav, '/panel/account/verify', '/panel')).toBe('/panel/account/verify');
    expect(activeHref(nav, '/panel/account/edit', '/panel')).toBe('/panel/account');
    expect(activeHref(nav, '/panel', '/panel')).toBe('/panel');
    expect(activeHref(nav, '/panel/tickets', '/panel')).toBeNull();
  });
});

describe('visibleNav', () => {
  const nav: NavSection[] = [
    { items: [{ label: 'پیشخوان', route: 'panel.home', href: '/panel', icon: House }] },
    {
      title: 'حساب',
      items: [
        { label: 'تیکت‌ها', route: 'panel.tickets.list', href: '/panel/tickets', icon: Bell },
        { label: 'اعلان‌ها', route: 'panel.notifications.list', href: '/panel/notifications', icon: Bell },
      ],
    },
  ];

  it('keeps only the items whose route this user was sent', () => {
    const shown = visibleNav(nav, (name) => name !== 'panel.notifications.list');
    expect(shown.flatMap((s) => s.items.map((i) => i.label))).toEqual(['پیشخوان', 'تیکت‌ها']);
  });

  it('drops a section left without items, heading and all', () => {
    const shown = visibleNav(nav, (name) => name === 'panel.home');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBeUndefined();
  });
});
