import type { AdminHardwareListProps, AdminHardwareRow } from '@server/modules/catalog/contracts';
import { Cpu } from 'lucide-react';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { linkColumn } from '../../../components/list/columns';
import type { Column } from '../../../components/ui/DataTable';
import { Price } from '../../../components/ui/Price';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** `admin.hardwares.list` «پلن‌های سخت‌افزاری»: specs, hourly price, status, stock, hosts and machines. */
export default function HardwareList({ hardwares }: AdminHardwareListProps) {
  const route = useRoute();
  const columns: Column<AdminHardwareRow>[] = [
    linkColumn(
      'title',
      'پلن',
      (row) => route('admin.hardwares.edit', { hardware: row.id }),
      (row) => row.title,
    ),
    { key: 'gpu', label: 'کارت گرافیک', render: (row) => <span dir="ltr">{row.gpu}</span> },
    {
      key: 'specs',
      label: 'حافظه‌ها',
      render: (row) =>
        `${formatNumber(row.vram_gb)} / ${formatNumber(row.ram_gb)} / ${formatNumber(row.disk_gb)} گیگ`,
    },
    {
      key: 'price',
      label: 'قیمت ساعتی',
      numeric: true,
      render: (row) => <Price rial={row.price_per_hour} />,
    },
    { key: 'status', label: 'وضعیت', render: (row) => <StatusBadge kind="hardware" state={row.status} /> },
    {
      key: 'stock',
      label: 'موجودی',
      numeric: true,
      render: (row) => (row.stock === null ? 'بی‌سقف' : formatNumber(row.stock)),
    },
    { key: 'hosts', label: 'میزبان', numeric: true, render: (row) => formatNumber(row.hosts) },
    {
      key: 'machines',
      label: 'سرورها (روشن)',
      numeric: true,
      render: (row) => `${formatNumber(row.machines)} (${formatNumber(row.running)})`,
    },
  ];
  return (
    <CatalogListPage
      title="پلن‌های سخت‌افزاری"
      description="پلن‌هایی که مشتری‌ها اجاره می‌کنند؛ قیمت‌ها ساعتی و به تومان."
      make={{ href: route('admin.hardwares.make'), label: 'پلن جدید' }}
      columns={columns}
      rows={hardwares}
      empty={{
        icon: Cpu,
        title: 'هنوز پلنی نساخته‌اید',
        description: 'نخستین پلن را بسازید تا مشتری‌ها بتوانند سرور اجاره کنند.',
      }}
      remove={{
        url: (row) => route('admin.hardwares.destroy', { hardware: row.id }),
        title: (row) => `حذف پلن «${row.title}»؟`,
        text: 'پلنی که سرور یا میزبان دارد حذف نمی‌شود؛ برای کنار گذاشتنش، وضعیتش را «بایگانی» کنید.',
      }}
    />
  );
}
