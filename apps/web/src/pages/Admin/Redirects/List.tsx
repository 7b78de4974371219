import type { AdminRedirectListProps, AdminRedirectRow } from '@server/modules/content/contracts';
import { Signpost } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { activeColumn } from '../../../components/list/columns';
import { useListQuery } from '../../../components/list/use-list-query';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** `admin.redirects.list` «ریدایرکت‌ها»: from → to, code, active, hits and the last hit; search. */
export default function RedirectList({ items, filters }: AdminRedirectListProps) {
  const route = useRoute();
  const query = useListQuery(route('admin.redirects.list'), filters);
  const columns: Column<AdminRedirectRow>[] = [
    {
      key: 'from',
      label: 'از',
      render: (row) => (
        <Link
          href={route('admin.redirects.edit', { redirect: row.id })}
          className="text-brand-700 hover:underline"
        >
          <Ltr>{row.from}</Ltr>
        </Link>
      ),
    },
    { key: 'to', label: 'به', render: (row) => <Ltr className="break-all">{row.to}</Ltr> },
    { key: 'code', label: 'نوع', render: (row) => (row.code === 301 ? 'دائمی ۳۰۱' : 'موقت ۳۰۲') },
    activeColumn(),
    { key: 'hits', label: 'بازدید', numeric: true, render: (row) => formatNumber(row.hits) },
    {
      key: 'last',
      label: 'آخرین بازدید',
      render: (row) => (row.last_hit_at ? <JalaliTime value={row.last_hit_at} relative /> : '—'),
    },
  ];
  return (
    <CatalogListPage
      title="ریدایرکت‌ها"
      description="نشانی‌های قدیمی و جایی که بازدیدکننده به آن فرستاده می‌شود؛ پیش از هر صفحه بررسی می‌شوند."
      make={{ href: route('admin.redirects.make'), label: 'ریدایرکت جدید' }}
      columns={columns}
      page={items}
      query={query}
      filters={{
        fields: [
          {
            searchAction: '/admin/redirects',
            label: 'جستجو در نشانی‌ها',
            placeholder: 'بخشی از نشانی، مثلاً /old',
          },
        ],
        className: 'py-2',
      }}
      empty={{
        icon: Signpost,
        title: filters.q ? 'ریدایرکتی با این نشانی پیدا نشد' : 'هنوز ریدایرکتی نساخته‌اید',
        description: 'وقتی نشانی صفحه‌ای عوض می‌شود، نشانی قدیمی را اینجا به تازه بفرستید.',
      }}
      remove={{
        url: (row) => route('admin.redirects.destroy', { redirect: row.id }),
        title: (row) => `حذف ریدایرکت «${row.from}»؟`,
        text: 'بازدیدکنندگان نشانی قدیمی از این پس صفحهٔ «پیدا نشد» می‌بینند.',
      }}
    />
  );
}
