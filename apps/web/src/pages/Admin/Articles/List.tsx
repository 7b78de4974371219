import type { AdminArticleListProps, AdminArticleRow } from '@server/modules/content/contracts';
import { Newspaper } from 'lucide-react';
import { Link, router } from '../../../app/protocol';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { SearchBox } from '../../../components/content/SearchBox';
import { Badge } from '../../../components/ui/Badge';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Pagination } from '../../../components/ui/Pagination';
import { SelectField } from '../../../components/ui/SelectField';
import { listUrl } from '../../../lib/list-url';
import { useRoute } from '../../../lib/route';
import { KIND_LABELS, STATUS_LABELS } from './parts/ArticleForm';

const TONES = { draft: 'gray', scheduled: 'yellow', published: 'green', unpublished: 'red' } as const;

/** `admin.articles.list` «مطالب»: posts, docs and pages with folder, kind and status filters. */
export default function ArticleList({ items, filters, options }: AdminArticleListProps) {
  const route = useRoute();
  const go = (patch: Record<string, string | number | null>) =>
    router.visit(listUrl('/admin/articles', { ...filters, ...patch, page: null }));
  const columns: Column<AdminArticleRow>[] = [
    {
      key: 'title',
      label: 'عنوان',
      render: (row) => (
        <Link
          href={route('admin.articles.edit', { article: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.title}
        </Link>
      ),
    },
    { key: 'kind', label: 'نوع', render: (row) => KIND_LABELS[row.kind] },
    { key: 'folder', label: 'دسته', render: (row) => row.folder ?? '—' },
    {
      key: 'status',
      label: 'وضعیت',
      render: (row) => <Badge tone={TONES[row.status]}>{STATUS_LABELS[row.status]}</Badge>,
    },
    {
      key: 'published_at',
      label: 'انتشار',
      render: (row) => (row.published_at ? <JalaliTime value={row.published_at} style="datetime" /> : '—'),
    },
  ];
  return (
    <>
      <CatalogListPage
        title="مطالب"
        description="نوشته‌های وبلاگ، راهنماها و صفحه‌های ساده."
        make={{ href: route('admin.articles.make'), label: 'مطلب جدید' }}
        caption="مطالب"
        columns={columns}
        rows={items.data}
        rowKey={(row) => row.id}
        above={
          <div className="mb-3 grid gap-3 p-2 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] md:items-end">
            <SearchBox
              action="/admin/articles"
              value={filters.q}
              label="جستجو در عنوان و نشانی"
              hidden={{
                folder: filters.folder ? String(filters.folder) : null,
                kind: filters.kind,
                status: filters.status,
              }}
            />
            <SelectField
              label="دسته"
              value={filters.folder ?? ''}
              placeholder="همه"
              options={options.folders}
              onChange={(v) => go({ folder: v || null })}
            />
            <SelectField
              label="نوع"
              value={filters.kind ?? ''}
              placeholder="همه"
              options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(v) => go({ kind: v || null })}
            />
            <SelectField
              label="وضعیت"
              value={filters.status ?? ''}
              placeholder="همه"
              options={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(v) => go({ status: v || null })}
            />
          </div>
        }
        empty={{
          icon: Newspaper,
          title: 'مطلبی با این مشخصات نیست',
          description: 'فیلترها را بردارید یا مطلب تازه‌ای بنویسید.',
        }}
        remove={{
          url: (row) => route('admin.articles.destroy', { article: row.id }),
          title: (row) => `حذف «${row.title}»؟`,
          text: 'مطلب برای همیشه حذف می‌شود. برای پنهان کردن، وضعیتش را «برداشته‌شده» کنید.',
        }}
      />
      <Pagination
        page={items.meta.current_page}
        lastPage={items.meta.last_page}
        hrefFor={(page) => listUrl('/admin/articles', { ...filters, page: page > 1 ? page : null })}
      />
    </>
  );
}
