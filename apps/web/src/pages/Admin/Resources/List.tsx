import type { AdminResourceListProps, AdminResourceRow } from '@server/modules/catalog/contracts';
import { Network } from 'lucide-react';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { linkColumn } from '../../../components/list/columns';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** `admin.resources.list` «میزبان‌ها»: every GPU host, where, which plan, driver, state, last seen, load. */
export default function ResourceList({ resources }: AdminResourceListProps) {
  const route = useRoute();
  const columns: Column<AdminResourceRow>[] = [
    linkColumn(
      'name',
      'میزبان',
      (row) => route('admin.resources.edit', { resource: row.id }),
      (row) => row.name,
      { ltr: true },
    ),
    { key: 'location', label: 'دیتاسنتر' },
    { key: 'plan', label: 'پلن' },
    {
      key: 'driver',
      label: 'درایور',
      render: (row) => (row.driver === 'simulated' ? 'شبیه‌سازی‌شده' : 'پراکسماکس'),
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="resource" state={row.status} /> },
    {
      key: 'machines',
      label: 'سرورها / ظرفیت',
      numeric: true,
      render: (row) => `${formatNumber(row.machines)} / ${formatNumber(row.capacity)}`,
    },
    { key: 'ports', label: 'پورت آزاد', numeric: true, render: (row) => formatNumber(row.ports.free) },
    {
      key: 'seen',
      label: 'آخرین پاسخ',
      render: (row) => (row.last_seen_at ? <JalaliTime value={row.last_seen_at} relative /> : '—'),
    },
  ];
  return (
    <CatalogListPage
      title="میزبان‌ها"
      description="سرورهای فیزیکی GPU که ماشین‌های مشتری‌ها روی آن‌ها ساخته می‌شوند."
      make={{ href: route('admin.resources.make'), label: 'میزبان جدید' }}
      columns={columns}
      rows={resources}
      empty={{
        icon: Network,
        title: 'هنوز میزبانی نیفزوده‌اید',
        description: 'پس از ساخت پلن و دیتاسنتر، نخستین میزبان را بیفزایید.',
      }}
    />
  );
}
