import type { LinkItem, MenuItem } from '../../types/shared-props';

/*
 * Used only while the admin has not built menus yet (a fresh install): a public site with no
 * navigation at all is a dead end, so the main public pages are offered instead.
 */
export const DEFAULT_HEADER_MENU: MenuItem[] = [
  { label: 'پلن‌ها', url: '/plans' },
  { label: 'تعرفه‌ها', url: '/prices' },
  { label: 'نرم‌افزارها', url: '/software' },
  { label: 'وبلاگ', url: '/blog' },
  { label: 'پشتیبانی', url: '/support' },
];

export const DEFAULT_FOOTER_LINKS: LinkItem[] = [
  { label: 'درباره ما', url: '/about' },
  { label: 'تماس با ما', url: '/contact' },
  { label: 'قوانین و مقررات', url: '/terms-of-service' },
  { label: 'حریم خصوصی', url: '/privacy-policy' },
];

/** The menu to show: the admin's when there is one, the defaults otherwise. */
export function orDefault<T>(items: T[] | undefined, defaults: T[]): T[] {
  return items && items.length > 0 ? items : defaults;
}
