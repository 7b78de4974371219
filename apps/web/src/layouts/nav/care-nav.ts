import { Clapperboard, IdCard, LayoutDashboard, LifeBuoy, Server } from 'lucide-react';
import { type NavSection, navItem } from './nav-types';

/** The support desk's menu (docs/screens.md §5). */
export const CARE_NAV: NavSection[] = [
  {
    items: [
      navItem('میز پشتیبانی', 'care.home', '/care', LayoutDashboard),
      navItem('صف تیکت‌ها', 'care.tickets.list', '/care/tickets', LifeBuoy),
      navItem('سرورهای مشتریان', 'care.instances.list', '/care/instances', Server),
      navItem('رندرهای مشتریان', 'care.jobs.list', '/care/jobs', Clapperboard),
      navItem('احراز هویت', 'care.verify.list', '/care/verify', IdCard),
    ],
  },
];
