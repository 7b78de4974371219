import { router } from '@renderfarm/react';
import type { AdminHardwareListProps, AdminHardwareRow } from '@server/modules/catalog/contracts';
import { Cpu, Plus } from 'lucide-react';
import { useState } from 'react';
import { Head, Link, usePage } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { FormAlert } from '../../../components/ui/FormAlert';
import { Price } from '../../../components/ui/Price';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** `admin.hardwares.list` «پلن‌های سخت‌افزاری»: specs, hourly price, status, stock, hosts and machines. */
export default function HardwareList({ hardwares }: AdminHardwareListProps) {
  const route = useRoute();
  const { props } = usePage();
  const errors = (props.errors ?? {}) as Record<string, string>;
  const [deleting, setDeleting] = useState<AdminHardwareRow | null>(null);
  const [busy, setBusy] = useState(false);
  const destroy = (row: AdminHardwareRow) => {
    setBusy(true);
    router.delete(route('admin.hardwares.destroy', { hardware: row.id }), {
      preserveScroll: true,
      onFinish: () => {
        setBusy(false);
        setDeleting(null);
      },
    });
  };
  const columns: Column<AdminHardwareRow>[] = [
    {
      key: 'title',
      label: 'پلن',
      render: (row) => (
        <Link
          href={route('admin.hardwares.edit', { hardware: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.title}
        </Link>
      ),
    },
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
      <Head title="پلن‌های سخت‌افزاری" />
      <PageHeader
        title="پلن‌های سخت‌افزاری"
        description="پلن‌هایی که مشتری‌ها اجاره می‌کنند؛ قیمت‌ها ساعتی و به تومان."
        actions={
          <ButtonLink href={route('admin.hardwares.make')}>
            <Plus aria-hidden="true" className="size-4" />
            پلن جدید
          </ButtonLink>
        }
      />
      <FormAlert className="mb-4">{errors.delete}</FormAlert>
      <Card className="p-2 sm:p-4">
        <DataTable
          caption="پلن‌های سخت‌افزاری"
          columns={columns}
          rows={hardwares}
          rowKey={(row) => row.id}
          empty={{
            icon: Cpu,
            title: 'هنوز پلنی نساخته‌اید',
            description: 'نخستین پلن را بسازید تا مشتری‌ها بتوانند سرور اجاره کنند.',
          }}
        />
      </Card>
      {deleting && (
        <ConfirmDialog
          open
          danger
          title={`حذف پلن «${deleting.title}»؟`}
          confirmLabel="بله، حذف شود"
          busy={busy}
          onConfirm={() => destroy(deleting)}
          onCancel={() => setDeleting(null)}
        >
          پلنی که سرور یا میزبان دارد حذف نمی‌شود؛ برای کنار گذاشتنش، وضعیتش را «بایگانی» کنید.
        </ConfirmDialog>
      )}
    </>
  );
}
