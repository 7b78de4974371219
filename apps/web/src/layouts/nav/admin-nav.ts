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
import { type NavSection, navItem } from './nav-types';

/** The administration menu, in sections (docs/screens.md §6). */
export const ADMIN_NAV: NavSection[] = [
  {
    items: [
      navItem('داشبورد', 'admin.dash', '/admin', LayoutDashboard),
      navItem('نمودار درآمد', 'admin.chart1', '/admin/charts/revenue', ChartLine),
      navItem('نمودار مصرف', 'admin.chart2', '/admin/charts/usage', ChartNoAxesColumn),
    ],
  },
  {
    title: 'مشتریان',
    items: [
      navItem('کاربران', 'admin.users.list', '/admin/users', Users),
      navItem('سرورهای کاربران', 'admin.instances.list', '/admin/instances', Server),
      navItem('رندرها', 'admin.jobs.list', '/admin/jobs', Clapperboard),
      navItem('صورت‌حساب‌ها', 'admin.invoices.list', '/admin/invoices', FileText),
      navItem('تیکت‌ها', 'admin.tickets.list', '/admin/tickets', LifeBuoy),
      navItem('احراز هویت', 'admin.verify.list', '/admin/verify', IdCard),
    ],
  },
  {
    title: 'زیرساخت',
    items: [
      navItem('پلن‌های سخت‌افزاری', 'admin.hardwares.list', '/admin/hardwares', Cpu),
      navItem('دیتاسنترها', 'admin.locations.list', '/admin/locations', MapPin),
      navItem('میزبان‌ها', 'admin.resources.list', '/admin/resources', Network),
      navItem('نودهای رندر', 'admin.nodes.list', '/admin/nodes', Boxes),
      navItem('پورت‌ها', 'admin.ports', '/admin/ports', ArrowLeftRight),
      navItem('محدودیت‌ها', 'admin.limitations.list', '/admin/limitations', Gauge),
    ],
  },
  {
    title: 'محتوا',
    items: [
      navItem('مطالب', 'admin.articles.list', '/admin/articles', Newspaper),
      navItem('دسته‌بندی‌ها', 'admin.folders.list', '/admin/folders', Folder),
      navItem('صفحات ثابت', 'admin.page', '/admin/pages', PanelsTopLeft),
      navItem('منوها', 'admin.menus.list', '/admin/menus', ListTree),
      navItem('پیوندها', 'admin.links.list', '/admin/links', Link2),
      navItem('ریدایرکت‌ها', 'admin.redirects.list', '/admin/redirects', SlidersHorizontal),
    ],
  },
  {
    title: 'سیستم',
    items: [
      navItem('تنظیمات سایت', 'admin.configs.list', '/admin/configs', Settings),
      navItem('گزارش اقدامات کارکنان', 'admin.audit', '/admin/audit', ScrollText),
    ],
  },
];
