import {
  ArrowLeftRight,
  ChartLine,
  ChartNoAxesColumn,
  Cpu,
  FileText,
  Folder,
  Gauge,
  IdCard,
  LayoutDashboard,
  LifeBuoy,
  Link2,
  ListTree,
  MapPin,
  Network,
  Newspaper,
  PanelsTopLeft,
  Server,
  Settings,
  SlidersHorizontal,
  Users,
} from 'lucide-react';
import type { NavSection } from './nav-types';

/** The administration menu, in sections (SCREENS.md §6). */
export const ADMIN_NAV: NavSection[] = [
  {
    items: [
      { label: 'داشبورد', href: '/admin', icon: LayoutDashboard },
      { label: 'نمودار درآمد', href: '/admin/charts/revenue', icon: ChartLine },
      { label: 'نمودار مصرف', href: '/admin/charts/usage', icon: ChartNoAxesColumn },
    ],
  },
  {
    title: 'مشتریان',
    items: [
      { label: 'کاربران', href: '/admin/users', icon: Users },
      { label: 'سرورهای کاربران', href: '/admin/instances', icon: Server },
      { label: 'صورت‌حساب‌ها', href: '/admin/invoices', icon: FileText },
      { label: 'تیکت‌ها', href: '/admin/tickets', icon: LifeBuoy },
      { label: 'احراز هویت', href: '/admin/verify', icon: IdCard },
    ],
  },
  {
    title: 'زیرساخت',
    items: [
      { label: 'پلن‌های سخت‌افزاری', href: '/admin/hardwares', icon: Cpu },
      { label: 'دیتاسنترها', href: '/admin/locations', icon: MapPin },
      { label: 'میزبان‌ها', href: '/admin/resources', icon: Network },
      { label: 'پورت‌ها', href: '/admin/ports', icon: ArrowLeftRight },
      { label: 'محدودیت‌ها', href: '/admin/limitations', icon: Gauge },
    ],
  },
  {
    title: 'محتوا',
    items: [
      { label: 'مطالب', href: '/admin/articles', icon: Newspaper },
      { label: 'دسته‌بندی‌ها', href: '/admin/folders', icon: Folder },
      { label: 'صفحات ثابت', href: '/admin/pages', icon: PanelsTopLeft },
      { label: 'منوها', href: '/admin/menus', icon: ListTree },
      { label: 'پیوندها', href: '/admin/links', icon: Link2 },
      { label: 'ریدایرکت‌ها', href: '/admin/redirects', icon: SlidersHorizontal },
    ],
  },
  {
    title: 'سیستم',
    items: [{ label: 'تنظیمات سایت', href: '/admin/configs', icon: Settings }],
  },
];
