import { Headset, LayoutDashboard, type LucideIcon, ShieldCheck, UserRound } from 'lucide-react';
import type { AuthUser } from '../../types/shared-props';

export interface UserLink {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** Where a signed-in person can go, by role: every account has a panel; staff also get their desks. */
export function userLinks(user: AuthUser): UserLink[] {
  const links: UserLink[] = [
    { label: 'پنل کاربری', href: '/panel', icon: LayoutDashboard },
    { label: 'پروفایل و امنیت', href: '/user/profile', icon: UserRound },
  ];
  if (user.roles.includes('care') || user.roles.includes('admin')) {
    links.push({ label: 'میز پشتیبانی', href: '/care', icon: Headset });
  }
  if (user.roles.includes('admin')) links.push({ label: 'مدیریت', href: '/admin', icon: ShieldCheck });
  return links;
}
