import {
  Bell,
  Clapperboard,
  CreditCard,
  FileText,
  HardDrive,
  History,
  House,
  LifeBuoy,
  ReceiptText,
  Server,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { type NavSection, navItem } from './nav-types';

/** The customer panel's menu (docs/screens.md §4). */
export const PANEL_NAV: NavSection[] = [
  {
    items: [
      navItem('پیشخوان', 'panel.home', '/panel', House),
      navItem('سرورهای من', 'panel.instances.list', '/panel/instances', Server),
      navItem('رندرهای من', 'panel.jobs.list', '/panel/jobs', Clapperboard),
      navItem('فضاهای ذخیره‌سازی', 'panel.drives.list', '/panel/drives', HardDrive),
    ],
  },
  {
    title: 'مالی',
    items: [
      navItem('افزایش اعتبار', 'panel.payments.make', '/panel/payments/create', CreditCard),
      navItem('گردش حساب', 'panel.items', '/panel/items', ReceiptText),
      navItem('صورت‌حساب‌ها', 'panel.invoices.list', '/panel/invoices', FileText),
    ],
  },
  {
    title: 'حساب',
    items: [
      navItem('تیکت‌ها', 'panel.tickets.list', '/panel/tickets', LifeBuoy),
      navItem('اعلان‌ها', 'panel.notifications.list', '/panel/notifications', Bell),
      navItem('حساب کاربری', 'panel.account.show', '/panel/account', UserRound),
      navItem('احراز هویت', 'panel.account.verify', '/panel/account/verify', ShieldCheck),
      navItem('گزارش فعالیت‌ها', 'panel.activity.show', '/panel/activity', History),
    ],
  },
];
