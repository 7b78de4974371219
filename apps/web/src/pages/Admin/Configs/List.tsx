import { router } from '@renderfarm/react';
import type { AdminConfigListProps, ConfigRow } from '@server/modules/catalog/contracts';
import { Plus, Settings } from 'lucide-react';
import { useState } from 'react';
import { usePage } from '../../../app/protocol';
import { linkColumn } from '../../../components/list/columns';
import { Badge } from '../../../components/ui/Badge';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { FormAlert } from '../../../components/ui/FormAlert';
import { Screen } from '../../../components/ui/Screen';
import { formatToman } from '../../../lib/money';
import { useRoute } from '../../../lib/route';
import { TYPE_LABELS } from './parts/ConfigForm';
import { ImagesSection } from './parts/ImagesSection';

const shown = (row: ConfigRow) =>
  row.type === 'rial'
    ? formatToman(Number(row.value ?? 0))
    : row.type === 'boolean'
      ? row.value
        ? 'بله'
        : 'خیر'
      : typeof row.value === 'string'
        ? row.value
        : JSON.stringify(row.value);

/** `admin.configs.list` «تنظیمات سایت»: every setting by group; secrets masked. */
export default function ConfigList({ groups, images }: AdminConfigListProps) {
  const route = useRoute();
  const { props } = usePage();
  const errors = (props.errors ?? {}) as Record<string, string>;
  const [deleting, setDeleting] = useState<ConfigRow | null>(null);
  const columns: Column<ConfigRow>[] = [
    linkColumn(
      'key',
      'تنظیم',
      (row) => route('admin.configs.edit', { config: row.key }),
      (row) => row.label ?? row.key,
    ),
    { key: 'value', label: 'مقدار', render: (row) => <bdi className="break-all">{shown(row)}</bdi> },
    { key: 'type', label: 'نوع', render: (row) => TYPE_LABELS[row.type] },
    {
      key: 'public',
      label: 'عمومی',
      render: (row) => (row.is_public ? <Badge tone="blue">عمومی</Badge> : '—'),
    },
    {
      key: 'actions',
      label: 'کارها',
      render: (row) =>
        row.known ? (
          '—'
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setDeleting(row)}>
            حذف
          </Button>
        ),
    },
  ];
  return (
    <Screen
      title="تنظیمات سایت"
      description="مقادیری که برنامه می‌خواند؛ رمزها فقط نوشتنی‌اند و هیچ‌جا نمایش داده نمی‌شوند."
      actions={
        <ButtonLink href={route('admin.configs.make')}>
          <Plus aria-hidden="true" className="size-4" />
          تنظیم جدید
        </ButtonLink>
      }
    >
      <FormAlert className="mb-4">{errors.delete}</FormAlert>
      <div className="grid gap-6">
        {groups.map((group) => (
          <Card key={group.group} className="p-2 sm:p-4">
            <h2 className="mb-2 px-2 font-bold text-gray-900">{group.label}</h2>
            <DataTable
              caption={group.label}
              columns={columns}
              rows={group.configs}
              rowKey={(row) => row.key}
              empty={{ icon: Settings, title: 'تنظیمی نیست' }}
            />
          </Card>
        ))}
        <ImagesSection images={images} />
      </div>
      {deleting && (
        <ConfirmDialog
          open
          danger
          title={`حذف تنظیم «${deleting.key}»؟`}
          confirmLabel="بله، حذف شود"
          onConfirm={() => {
            router.delete(route('admin.configs.destroy', { config: deleting.key }), { preserveScroll: true });
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Screen>
  );
}
