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
import type { NavSection } from './nav-types';

/** The customer panel's menu (docs/screens.md §4). */
export const PANEL_NAV: NavSection[] = [
  {
    items: [
      { label: 'پیشخوان', route: 'panel.home', href: '/panel', icon: House },
      { label: 'سرورهای من', route: 'panel.instances.list', href: '/panel/instances', icon: Server },
      { label: 'رندرهای من', route: 'panel.jobs.list', href: '/panel/jobs', icon: Clapperboard },
      { label: 'فضاهای ذخیره‌سازی', route: 'panel.drives.list', href: '/panel/drives', icon: HardDrive },
    ],
  },
  {
    title: 'مالی',
    items: [
      {
        label: 'افزایش اعتبار',
        route: 'panel.payments.make',
        href: '/panel/payments/create',
        icon: CreditCard,
      },
      { label: 'گردش حساب', route: 'panel.items', href: '/panel/items', icon: ReceiptText },
      { label: 'صورت‌حساب‌ها', route: 'panel.invoices.list', href: '/panel/invoices', icon: FileText },
    ],
  },
  {
    title: 'حساب',
    items: [
      { label: 'تیکت‌ها', route: 'panel.tickets.list', href: '/panel/tickets', icon: LifeBuoy },
      { label: 'اعلان‌ها', route: 'panel.notifications.list', href: '/panel/notifications', icon: Bell },
      { label: 'حساب کاربری', route: 'panel.account.show', href: '/panel/account', icon: UserRound },
      {
        label: 'احراز هویت',
        route: 'panel.account.verify',
        href: '/panel/account/verify',
        icon: ShieldCheck,
      },
      { label: 'گزارش فعالیت‌ها', route: 'panel.activity.show', href: '/panel/activity', icon: History },
    ],
  },
];
