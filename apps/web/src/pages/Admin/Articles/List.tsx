import type { AdminArticleListProps, AdminArticleRow } from '@server/modules/content/contracts';
import { Newspaper } from 'lucide-react';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { linkColumn } from '../../../components/list/columns';
import { useListQuery } from '../../../components/list/use-list-query';
import { Badge } from '../../../components/ui/Badge';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { labelOptions } from '../../../components/ui/SelectField';
import { useRoute } from '../../../lib/route';
import { KIND_LABELS, STATUS_LABELS } from './parts/ArticleForm';

const TONES = { draft: 'gray', scheduled: 'yellow', published: 'green', unpublished: 'red' } as const;

/** `admin.articles.list` «مطالب»: posts, docs and pages with folder, kind and status filters. */
export default function ArticleList({ items, filters, options }: AdminArticleListProps) {
  const route = useRoute();
  const query = useListQuery(route('admin.articles.list'), filters);
  const columns: Column<AdminArticleRow>[] = [
    linkColumn(
      'title',
      'عنوان',
      (row) => route('admin.articles.edit', { article: row.id }),
      (row) => row.title,
    ),
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
    <CatalogListPage
      title="مطالب"
      description="نوشته‌های وبلاگ، راهنماها و صفحه‌های ساده."
      make={{ href: route('admin.articles.make'), label: 'مطلب جدید' }}
      columns={columns}
      page={items}
      query={query}
      filters={{
        fields: [
          { searchAction: '/admin/articles', label: 'جستجو در عنوان و نشانی' },
          { select: 'folder', label: 'دسته', options: options.folders },
          { select: 'kind', label: 'نوع', options: labelOptions(KIND_LABELS) },
          { select: 'status', label: 'وضعیت', options: labelOptions(STATUS_LABELS) },
        ],
        className: 'py-2 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]',
      }}
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
  );
}
