import {
  Bell,
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

/** The customer panel's menu (SCREENS.md §4). */
export const PANEL_NAV: NavSection[] = [
  {
    items: [
      { label: 'پیشخوان', href: '/panel', icon: House },
      { label: 'سرورهای من', href: '/panel/instances', icon: Server },
      { label: 'فضاهای ذخیره‌سازی', href: '/panel/drives', icon: HardDrive },
    ],
  },
  {
    title: 'مالی',
    items: [
      { label: 'افزایش اعتبار', href: '/panel/payments/create', icon: CreditCard },
      { label: 'گردش حساب', href: '/panel/items', icon: ReceiptText },
      { label: 'صورت‌حساب‌ها', href: '/panel/invoices', icon: FileText },
    ],
  },
  {
    title: 'حساب',
    items: [
      { label: 'تیکت‌ها', href: '/panel/tickets', icon: LifeBuoy },
      { label: 'اعلان‌ها', href: '/panel/notifications', icon: Bell },
      { label: 'حساب کاربری', href: '/panel/account', icon: UserRound },
      { label: 'احراز هویت', href: '/panel/account/verify', icon: ShieldCheck },
      { label: 'گزارش فعالیت‌ها', href: '/panel/activity', icon: History },
    ],
  },
];
