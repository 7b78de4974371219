import {
  ArrowLeftRight,
  Boxes,
  ChartLine,
  ChartNoAxesColumn,
  Clapperboard,
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
  ScrollText,
  Server,
  Settings,
  SlidersHorizontal,
  Users,
} from 'lucide-react';
import type { NavSection } from './nav-types';

/** The administration menu, in sections (docs/screens.md §6). */
export const ADMIN_NAV: NavSection[] = [
  {
    items: [
      { label: 'داشبورد', route: 'admin.dash', href: '/admin', icon: LayoutDashboard },
      { label: 'نمودار درآمد', route: 'admin.chart1', href: '/admin/charts/revenue', icon: ChartLine },
      { label: 'نمودار مصرف', route: 'admin.chart2', href: '/admin/charts/usage', icon: ChartNoAxesColumn },
    ],
  },
  {
    title: 'مشتریان',
    items: [
      { label: 'کاربران', route: 'admin.users.list', href: '/admin/users', icon: Users },
      { label: 'سرورهای کاربران', route: 'admin.instances.list', href: '/admin/instances', icon: Server },
      { label: 'رندرها', route: 'admin.jobs.list', href: '/admin/jobs', icon: Clapperboard },
      { label: 'صورت‌حساب‌ها', route: 'admin.invoices.list', href: '/admin/invoices', icon: FileText },
      { label: 'تیکت‌ها', route: 'admin.tickets.list', href: '/admin/tickets', icon: LifeBuoy },
      { label: 'احراز هویت', route: 'admin.verify.list', href: '/admin/verify', icon: IdCard },
    ],
  },
  {
    title: 'زیرساخت',
    items: [
      { label: 'پلن‌های سخت‌افزاری', route: 'admin.hardwares.list', href: '/admin/hardwares', icon: Cpu },
      { label: 'دیتاسنترها', route: 'admin.locations.list', href: '/admin/locations', icon: MapPin },
      { label: 'میزبان‌ها', route: 'admin.resources.list', href: '/admin/resources', icon: Network },
      { label: 'نودهای رندر', route: 'admin.nodes.list', href: '/admin/nodes', icon: Boxes },
      { label: 'پورت‌ها', route: 'admin.ports', href: '/admin/ports', icon: ArrowLeftRight },
      { label: 'محدودیت‌ها', route: 'admin.limitations.list', href: '/admin/limitations', icon: Gauge },
    ],
  },
  {
    title: 'محتوا',
    items: [
      { label: 'مطالب', route: 'admin.articles.list', href: '/admin/articles', icon: Newspaper },
      { label: 'دسته‌بندی‌ها', route: 'admin.folders.list', href: '/admin/folders', icon: Folder },
      { label: 'صفحات ثابت', route: 'admin.page', href: '/admin/pages', icon: PanelsTopLeft },
      { label: 'منوها', route: 'admin.menus.list', href: '/admin/menus', icon: ListTree },
      { label: 'پیوندها', route: 'admin.links.list', href: '/admin/links', icon: Link2 },
      {
        label: 'ریدایرکت‌ها',
        route: 'admin.redirects.list',
        href: '/admin/redirects',
        icon: SlidersHorizontal,
      },
    ],
  },
  {
    title: 'سیستم',
    items: [
      { label: 'تنظیمات سایت', route: 'admin.configs.list', href: '/admin/configs', icon: Settings },
      { label: 'گزارش اقدامات کارکنان', route: 'admin.audit', href: '/admin/audit', icon: ScrollText },
    ],
  },
];
