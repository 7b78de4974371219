import type { AdminLocationListProps, AdminLocationRow } from '@server/modules/catalog/contracts';
import { MapPin } from 'lucide-react';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { activeColumn, linkColumn } from '../../../components/list/columns';
import type { Column } from '../../../components/ui/DataTable';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** `admin.locations.list` «دیتاسنترها»: code, name, city, active, hosts and free capacity. */
export default function LocationList({ locations }: AdminLocationListProps) {
  const route = useRoute();
  const columns: Column<AdminLocationRow>[] = [
    linkColumn(
      'name',
      'دیتاسنتر',
      (row) => route('admin.locations.edit', { location: row.id }),
      (row) => row.name,
    ),
    { key: 'code', label: 'کد', render: (row) => <span dir="ltr">{row.code}</span> },
    { key: 'city', label: 'شهر' },
    activeColumn(),
    { key: 'hosts', label: 'میزبان', numeric: true, render: (row) => formatNumber(row.hosts) },
    {
      key: 'free',
      label: 'ظرفیت آزاد',
      numeric: true,
      render: (row) => `${formatNumber(row.free)} از ${formatNumber(row.capacity)}`,
    },
  ];
  return (
    <CatalogListPage
      title="دیتاسنترها"
      description="جاهایی که میزبان‌ها در آن هستند و مشتری هنگام سفارش انتخاب می‌کند."
      make={{ href: route('admin.locations.make'), label: 'دیتاسنتر جدید' }}
      columns={columns}
      rows={locations}
      empty={{
        icon: MapPin,
        title: 'هنوز دیتاسنتری نساخته‌اید',
        description: 'نخست دیتاسنتر را بسازید، بعد میزبان‌هایش را.',
      }}
      remove={{
        url: (row) => route('admin.locations.destroy', { location: row.id }),
        title: (row) => `حذف دیتاسنتر «${row.name}»؟`,
        text: 'دیتاسنتری که میزبان یا سرور دارد حذف نمی‌شود؛ غیرفعالش کنید.',
      }}
    />
  );
}
