import { IdCard, LayoutDashboard, LifeBuoy, Server } from 'lucide-react';
import type { NavSection } from './nav-types';

/** The support desk's menu (SCREENS.md §5). */
export const CARE_NAV: NavSection[] = [
  {
    items: [
      { label: 'میز پشتیبانی', href: '/care', icon: LayoutDashboard },
      { label: 'صف تیکت‌ها', href: '/care/tickets', icon: LifeBuoy },
      { label: 'سرورهای مشتریان', href: '/care/instances', icon: Server },
      { label: 'احراز هویت', href: '/care/verify', icon: IdCard },
    ],
  },
];
