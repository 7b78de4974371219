import { router } from '@renderfarm/react';
import type { AdminLimitationListProps, LimitationRow } from '@server/modules/catalog/contracts';
import { Gauge } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { Badge } from '../../../components/ui/Badge';
import type { Column } from '../../../components/ui/DataTable';
import { listUrl } from '../../../lib/list-url';
import { useRoute } from '../../../lib/route';

const SCOPES: [string, string][] = [
  ['global', 'همگانی'],
  ['role', 'نقش'],
  ['hardware', 'پلن'],
  ['user', 'کاربر'],
];

/** `admin.limitations.list` «محدودیت‌ها»: every rule, whom it applies to and its value; filters key, scope. */
export default function LimitationList({ limitations, filters, keys }: AdminLimitationListProps) {
  const route = useRoute();
  const filter = (name: 'key' | 'scope', value: string) => {
    router.visit(listUrl(route('admin.limitations.list'), { ...filters, [name]: value }));
  };
  const select = (name: 'key' | 'scope', label: string, options: [string, string][]) => (
    <label className="grid gap-1 text-sm text-gray-700">
      {label}
      <select
        value={filters[name]}
        onChange={(e) => filter(name, e.target.value)}
        className="min-h-10 rounded-xl border border-gray-300 bg-white px-3 text-sm"
      >
        <option value="">همه</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
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
  ];
  return (
    <CatalogListPage
      title="محدودیت‌ها"
      description="سقف‌هایی که می‌گویند هر کاربر چه اندازه می‌تواند داشته باشد؛ قانون دقیق‌تر برنده است."
      make={{ href: route('admin.limitations.make'), label: 'محدودیت جدید' }}
      caption="محدودیت‌ها"
      columns={columns}
      rows={limitations}
      rowKey={(row) => row.id}
      empty={{
        icon: Gauge,
        title: 'قانونی با این فیلتر نیست',
        description: 'فیلتر را بردارید یا محدودیت تازه‌ای بسازید.',
      }}
      above={
        <div className="mb-3 flex flex-wrap gap-3 px-2">
          {select(
            'key',
            'محدودیت',
            keys.map((k) => [k.key, k.label]),
          )}
          {select('scope', 'دامنه', SCOPES)}
        </div>
      }
      remove={{
        url: (row) => route('admin.limitations.destroy', { limitation: row.id }),
        title: (row) => `حذف «${row.key_label}» برای ${row.subject_label}؟`,
        text: 'بدون این قانون، قانون کلی‌تر (یا هیچ سقفی) به کار می‌رود.',
      }}
    />
  );
}
