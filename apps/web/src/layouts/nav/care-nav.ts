import { Clapperboard, IdCard, LayoutDashboard, LifeBuoy, Server } from 'lucide-react';
import type { NavSection } from './nav-types';

/** The support desk's menu (docs/screens.md §5). */
export const CARE_NAV: NavSection[] = [
  {
    items: [
      { label: 'میز پشتیبانی', route: 'care.home', href: '/care', icon: LayoutDashboard },
      { label: 'صف تیکت‌ها', route: 'care.tickets.list', href: '/care/tickets', icon: LifeBuoy },
      { label: 'سرورهای مشتریان', route: 'care.instances.list', href: '/care/instances', icon: Server },
      { label: 'رندرهای مشتریان', route: 'care.jobs.list', href: '/care/jobs', icon: Clapperboard },
      { label: 'احراز هویت', route: 'care.verify.list', href: '/care/verify', icon: IdCard },
    ],
  },
];
