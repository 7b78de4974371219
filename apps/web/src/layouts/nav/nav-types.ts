import type { LucideIcon } from 'lucide-react';

export interface NavItem {
  label: string;
  /** The named route (docs/screens.md); the item shows only when this user was sent that route. */
  route: string;
  href: string;
  icon: LucideIcon;
}

/** A menu item as one row of a menu's table: its words, named route, path and icon. */
export function navItem(label: string, route: string, href: string, icon: LucideIcon): NavItem {
  return { label, route, href, icon };
}

export interface NavSection {
  /** Section heading; the first section of a short menu may go without one. */
  title?: string;
  items: NavItem[];
}

/**
 * Whether a menu item is the current page: exact for an area's home (`/panel`), otherwise the
 * item's path and everything under it (`/panel/instances/…` lights up «سرورهای من»).
 */
export function isActive(href: string, currentUrl: string, exact = false): boolean {
  const path = currentUrl.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  const target = href.replace(/\/+$/, '') || '/';
  return exact ? path === target : path === target || path.startsWith(`${target}/`);
}

/**
 * The one item to light up: of the items that match, the deepest (on `/panel/account/verify`,
 * «احراز هویت» rather than «حساب کاربری» at `/panel/account` as well). The area's home matches only
 * exactly.
 */
export function activeHref(nav: NavSection[], currentUrl: string, home: string): string | null {
  let best: string | null = null;
  for (const { href } of nav.flatMap((section) => section.items)) {
    if (isActive(href, currentUrl, href === home) && (best === null || href.length > best.length))
      best = href;
  }
  return best;
}

/**
 * The menu this user can actually use: items whose route is in the list the server sent (a page
 * not built yet, or one the role may not open, is left out rather than leading to a 404), and no
 * empty sections.
 */
export function visibleNav(nav: NavSection[], has: (name: string) => boolean): NavSection[] {
  return nav
    .map((section) => ({ ...section, items: section.items.filter((item) => has(item.route)) }))
    .filter((section) => section.items.length > 0);
}
