import type { LucideIcon } from 'lucide-react';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
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
