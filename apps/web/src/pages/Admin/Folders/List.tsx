import type { AdminFolderListProps, AdminFolderRow } from '@server/modules/content/contracts';
import { Folder } from 'lucide-react';
import { useMemo } from 'react';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { SortableGroups, type SortGroup } from '../../../components/admin/SortableGroups';
import { linkColumn, orderColumn } from '../../../components/list/columns';
import type { Column } from '../../../components/ui/DataTable';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** Rows as trees (blog first, then docs), children under their parent, with their depth. */
function ordered(folders: AdminFolderRow[]): (AdminFolderRow & { depth: number })[] {
  const out: (AdminFolderRow & { depth: number })[] = [];
  const walk = (parent: number | null, kind: 'blog' | 'docs', depth: number) => {
    for (const f of folders
      .filter((x) => x.parent_id === parent && x.kind === kind)
      .sort((a, b) => a.sort - b.sort || a.id - b.id)) {
      out.push({ ...f, depth });
      if (depth < 10) walk(f.id, kind, depth + 1);
    }
  };
  walk(null, 'blog', 0);
  walk(null, 'docs', 0);
  return out;
}

/** Each set of siblings, for dragging: the blog's and the docs' top levels, then each folder's children. */
function sortGroups(folders: AdminFolderRow[]): SortGroup<AdminFolderRow>[] {
  const bySort = (a: AdminFolderRow, b: AdminFolderRow) => a.sort - b.sort || a.id - b.id;
  const groups: SortGroup<AdminFolderRow>[] = [];
  for (const kind of ['blog', 'docs'] as const)
    groups.push({
      key: kind,
      title: kind === 'blog' ? 'دسته‌های وبلاگ' : 'دسته‌های آموزش',
      rows: folders.filter((f) => f.kind === kind && f.parent_id === null).sort(bySort),
    });
  for (const parent of folders)
    groups.push({
      key: `folder-${parent.id}`,
      title: `زیردسته‌های «${parent.name}»`,
      rows: folders.filter((f) => f.parent_id === parent.id).sort(bySort),
    });
  return groups;
}

/** `admin.folders.list` «دسته‌بندی‌ها»: blog and docs trees with article counts. */
export default function FolderList({ folders }: AdminFolderListProps) {
  const route = useRoute();
  const sortUrl = route('admin.folders.sort');
  const groups = useMemo(() => sortGroups(folders), [folders]);
  const rows = ordered(folders);
  const columns: Column<AdminFolderRow & { depth: number }>[] = [
    linkColumn(
      'name',
      'نام',
      (row) => route('admin.folders.edit', { folder: row.id }),
      (row) => (
        <>
          {row.depth > 0 ? '↳ ' : ''}
          {row.name}
        </>
      ),
      { style: (row) => ({ paddingInlineStart: `${row.depth * 1.25}rem` }) },
    ),
    { key: 'kind', label: 'نوع', render: (row) => (row.kind === 'blog' ? 'وبلاگ' : 'آموزش') },
    { key: 'articles', label: 'مطالب', numeric: true, render: (row) => formatNumber(row.articles) },
    orderColumn(
      folders,
      sortUrl,
      (row) => row.name,
      (a, b) => a.kind === b.kind,
    ),
  ];
  return (
    <CatalogListPage
      title="دسته‌بندی‌ها"
      description="دسته‌های وبلاگ و درخت آموزش‌ها؛ دسته‌ای که مطلب دارد حذف نمی‌شود."
      make={{ href: route('admin.folders.make'), label: 'دستهٔ جدید' }}
      columns={columns}
      rows={rows}
      above={<SortableGroups groups={groups} label={(row) => row.name} sortUrl={sortUrl} />}
      empty={{ icon: Folder, title: 'هنوز دسته‌ای نساخته‌اید' }}
      remove={{
        can: (row) => row.articles === 0,
        url: (row) => route('admin.folders.destroy', { folder: row.id }),
        title: (row) => `حذف دستهٔ «${row.name}»؟`,
        text: 'دسته‌ای که مطلب یا زیردسته دارد حذف نمی‌شود.',
      }}
    />
  );
}
