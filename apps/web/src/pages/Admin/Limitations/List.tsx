import { router } from '@renderfarm/react';
import type { AdminLimitationListProps, LimitationRow } from '@server/modules/catalog/contracts';
import { Gauge, Plus } from 'lucide-react';
import { useState } from 'react';
import { Head, Link } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { useRoute } from '../../../lib/route';

/** `admin.limitations.list` «محدودیت‌ها»: every rule, whom it applies to and its value; filters key, scope. */
export default function LimitationList({ limitations, filters, keys }: AdminLimitationListProps) {
  const route = useRoute();
  const [deleting, setDeleting] = useState<LimitationRow | null>(null);
  const filter = (name: 'key' | 'scope', value: string) => {
    const params = new URLSearchParams({ ...filters, [name]: value });
    for (const [k, v] of [...params]) if (!v) params.delete(k);
    router.visit(`${route('admin.limitations.list')}${params.size ? `?${params}` : ''}`);
  };
  const columns: Column<LimitationRow>[] = [
    {
      key: 'key',
      label: 'محدودیت',
      render: (row) => (
        <Link
          href={route('admin.limitations.edit', { limitation: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.key_label}
        </Link>
      ),
    },
    { key: 'subject', label: 'برای', render: (row) => row.subject_label },
    { key: 'value', label: 'مقدار', render: (row) => row.value_label },
    {
      key: 'active',
      label: 'وضعیت',
      render: (row) => (
        <Badge tone={row.is_active ? 'green' : 'gray'}>{row.is_active ? 'فعال' : 'غیرفعال'}</Badge>
      ),
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
      <Head title="محدودیت‌ها" />
      <PageHeader
        title="محدودیت‌ها"
        description="سقف‌هایی که می‌گویند هر کاربر چه اندازه می‌تواند داشته باشد؛ قانون دقیق‌تر برنده است."
        actions={
          <ButtonLink href={route('admin.limitations.make')}>
            <Plus aria-hidden="true" className="size-4" />
            محدودیت جدید
          </ButtonLink>
        }
      />
      <Card className="p-2 sm:p-4">
        <div className="mb-3 flex flex-wrap gap-3 px-2">
          <label className="grid gap-1 text-sm text-gray-700">
            محدودیت
            <select
              value={filters.key}
              onChange={(e) => filter('key', e.target.value)}
              className="min-h-10 rounded-xl border border-gray-300 bg-white px-3 text-sm"
            >
              <option value="">همه</option>
              {keys.map((k) => (
                <option key={k.key} value={k.key}>
                  {k.label}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm text-gray-700">
            دامنه
            <select
              value={filters.scope}
              onChange={(e) => filter('scope', e.target.value)}
              className="min-h-10 rounded-xl border border-gray-300 bg-white px-3 text-sm"
            >
              <option value="">همه</option>
              <option value="global">همگانی</option>
              <option value="role">نقش</option>
              <option value="hardware">پلن</option>
              <option value="user">کاربر</option>
            </select>
          </label>
        </div>
        <DataTable
          caption="محدودیت‌ها"
          columns={columns}
          rows={limitations}
          rowKey={(row) => row.id}
          empty={{
            icon: Gauge,
            title: 'قانونی با این فیلتر نیست',
            description: 'فیلتر را بردارید یا محدودیت تازه‌ای بسازید.',
          }}
        />
      </Card>
      {deleting && (
        <ConfirmDialog
          open
          danger
          title={`حذف «${deleting.key_label}» برای ${deleting.subject_label}؟`}
          confirmLabel="بله، حذف شود"
          onConfirm={() => {
            router.delete(route('admin.limitations.destroy', { limitation: deleting.id }), {
              preserveScroll: true,
            });
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        >
          بدون این قانون، قانون کلی‌تر (یا هیچ سقفی) به کار می‌رود.
        </ConfirmDialog>
      )}
    </>
  );
}
