import type { AdminLimitationListProps, LimitationRow } from '@server/modules/catalog/contracts';
import { Gauge } from 'lucide-react';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { activeColumn, linkColumn } from '../../../components/list/columns';
import { useListQuery } from '../../../components/list/use-list-query';
import type { Column } from '../../../components/ui/DataTable';
import { useRoute } from '../../../lib/route';

const SCOPES = [
  { value: 'global', label: 'همگانی' },
  { value: 'role', label: 'نقش' },
  { value: 'hardware', label: 'پلن' },
  { value: 'user', label: 'کاربر' },
];

/** `admin.limitations.list` «محدودیت‌ها»: every rule, whom it applies to and its value; filters key, scope. */
export default function LimitationList({ limitations, filters, keys }: AdminLimitationListProps) {
  const route = useRoute();
  const query = useListQuery(route('admin.limitations.list'), filters);
  const columns: Column<LimitationRow>[] = [
    linkColumn(
      'key',
      'محدودیت',
      (row) => route('admin.limitations.edit', { limitation: row.id }),
      (row) => row.key_label,
    ),
    { key: 'subject', label: 'برای', render: (row) => row.subject_label },
    { key: 'value', label: 'مقدار', render: (row) => row.value_label },
    activeColumn(),
  ];
  return (
    <CatalogListPage
      title="محدودیت‌ها"
      description="سقف‌هایی که می‌گویند هر کاربر چه اندازه می‌تواند داشته باشد؛ قانون دقیق‌تر برنده است."
      make={{ href: route('admin.limitations.make'), label: 'محدودیت جدید' }}
      columns={columns}
      rows={limitations}
      empty={{
        icon: Gauge,
        title: 'قانونی با این فیلتر نیست',
        description: 'فیلتر را بردارید یا محدودیت تازه‌ای بسازید.',
      }}
      query={query}
      filters={{
        fields: [
          { select: 'key', label: 'محدودیت', options: keys.map((k) => ({ value: k.key, label: k.label })) },
          { select: 'scope', label: 'دامنه', options: SCOPES },
        ],
        layout: 'wrap',
      }}
      remove={{
        url: (row) => route('admin.limitations.destroy', { limitation: row.id }),
        title: (row) => `حذف «${row.key_label}» برای ${row.subject_label}؟`,
        text: 'بدون این قانون، قانون کلی‌تر (یا هیچ سقفی) به کار می‌رود.',
      }}
    />
  );
}
