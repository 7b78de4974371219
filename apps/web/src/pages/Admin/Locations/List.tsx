import { router } from '@renderfarm/react';
import type { AdminLocationListProps, AdminLocationRow } from '@server/modules/catalog/contracts';
import { MapPin, Plus } from 'lucide-react';
import { useState } from 'react';
import { Head, Link, usePage } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { FormAlert } from '../../../components/ui/FormAlert';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** `admin.locations.list` «دیتاسنترها»: code, name, city, active, hosts and free capacity. */
export default function LocationList({ locations }: AdminLocationListProps) {
  const route = useRoute();
  const { props } = usePage();
  const errors = (props.errors ?? {}) as Record<string, string>;
  const [deleting, setDeleting] = useState<AdminLocationRow | null>(null);
  const [busy, setBusy] = useState(false);
  const destroy = (row: AdminLocationRow) => {
    setBusy(true);
    router.delete(route('admin.locations.destroy', { location: row.id }), {
      preserveScroll: true,
      onFinish: () => {
        setBusy(false);
        setDeleting(null);
      },
    });
  };
  const columns: Column<AdminLocationRow>[] = [
    {
      key: 'name',
      label: 'دیتاسنتر',
      render: (row) => (
        <Link
          href={route('admin.locations.edit', { location: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.name}
        </Link>
      ),
    },
    { key: 'code', label: 'کد', render: (row) => <span dir="ltr">{row.code}</span> },
    { key: 'city', label: 'شهر' },
    {
      key: 'active',
      label: 'وضعیت',
      render: (row) => (
        <Badge tone={row.is_active ? 'green' : 'gray'}>{row.is_active ? 'فعال' : 'غیرفعال'}</Badge>
      ),
    },
    { key: 'hosts', label: 'میزبان', numeric: true, render: (row) => formatNumber(row.hosts) },
    {
      key: 'free',
      label: 'ظرفیت آزاد',
      numeric: true,
      render: (row) => `${formatNumber(row.free)} از ${formatNumber(row.capacity)}`,
    },
    {
      key: 'actions',
      label: 'کارها',
      render: (row) => (
        <Button size="sm" variant="ghost" onClick={() => setDeleting(row)}>
          حذف
        </Button>
      ),
    },
  ];
  return (
    <>
      <Head title="دیتاسنترها" />
      <PageHeader
        title="دیتاسنترها"
        description="جاهایی که میزبان‌ها در آن هستند و مشتری هنگام سفارش انتخاب می‌کند."
        actions={
          <ButtonLink href={route('admin.locations.make')}>
            <Plus aria-hidden="true" className="size-4" />
            دیتاسنتر جدید
          </ButtonLink>
        }
      />
      <FormAlert className="mb-4">{errors.delete}</FormAlert>
      <Card className="p-2 sm:p-4">
        <DataTable
          caption="دیتاسنترها"
          columns={columns}
          rows={locations}
          rowKey={(row) => row.id}
          empty={{
            icon: MapPin,
            title: 'هنوز دیتاسنتری نساخته‌اید',
            description: 'نخست دیتاسنتر را بسازید، بعد میزبان‌هایش را.',
          }}
        />
      </Card>
      {deleting && (
        <ConfirmDialog
          open
          danger
          title={`حذف دیتاسنتر «${deleting.name}»؟`}
          confirmLabel="بله، حذف شود"
          busy={busy}
          onConfirm={() => destroy(deleting)}
          onCancel={() => setDeleting(null)}
        >
          دیتاسنتری که میزبان یا سرور دارد حذف نمی‌شود؛ غیرفعالش کنید.
        </ConfirmDialog>
      )}
    </>
  );
}
