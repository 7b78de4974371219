import type { AdminMenuListProps, AdminMenuRow } from '@server/modules/content/contracts';
import { ListTree } from 'lucide-react';
import { useMemo } from 'react';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { SortableGroups, type SortGroup } from '../../../components/admin/SortableGroups';
import { activeColumn, linkColumn, orderColumn } from '../../../components/list/columns';
import type { Column } from '../../../components/ui/DataTable';
import { Ltr } from '../../../components/ui/Ltr';
import { useRoute } from '../../../lib/route';

const LOCATIONS = { header: 'سرصفحه', footer: 'پاصفحه' } as const;

/** Rows in reading order: each top-level item followed by its children. */
function ordered(menus: AdminMenuRow[]): AdminMenuRow[] {
  const bySort = (a: AdminMenuRow, b: AdminMenuRow) => a.sort - b.sort || a.id - b.id;
  const out: AdminMenuRow[] = [];
  for (const location of ['header', 'footer'] as const) {
    for (const top of menus.filter((m) => m.location === location && m.parent_id === null).sort(bySort)) {
      out.push(top, ...menus.filter((m) => m.parent_id === top.id).sort(bySort));
    }
  }
  return out;
}

/** Each set of siblings, for dragging: the two top levels, then each item's submenu. */
function sortGroups(menus: AdminMenuRow[]): SortGroup<AdminMenuRow>[] {
  const bySort = (a: AdminMenuRow, b: AdminMenuRow) => a.sort - b.sort || a.id - b.id;
  const groups: SortGroup<AdminMenuRow>[] = [];
  for (const location of ['header', 'footer'] as const) {
    const tops = menus.filter((m) => m.location === location && m.parent_id === null).sort(bySort);
    groups.push({ key: location, title: `منوی ${LOCATIONS[location]}`, rows: tops });
    for (const top of tops)
      groups.push({
        key: `menu-${top.id}`,
        title: `زیرمنوی «${top.label}»`,
        rows: menus.filter((m) => m.parent_id === top.id).sort(bySort),
      });
  }
  return groups;
}

/** `admin.menus.list` «منوها»: the header and footer trees, reordered by dragging or with the arrow buttons. */
export default function MenuList({ menus }: AdminMenuListProps) {
  const route = useRoute();
  const sortUrl = route('admin.menus.sort');
  const groups = useMemo(() => sortGroups(menus), [menus]);
  const rows = ordered(menus);
  const columns: Column<AdminMenuRow>[] = [
    linkColumn(
      'label',
      'عنوان',
      (row) => route('admin.menus.edit', { menu: row.id }),
      (row) => (
        <>
          {row.parent_id ? '↳ ' : ''}
          {row.label}
        </>
      ),
      { className: (row) => `font-medium text-brand-700 hover:underline ${row.parent_id ? 'ps-5' : ''}` },
    ),
    { key: 'location', label: 'منو', render: (row) => LOCATIONS[row.location] },
    { key: 'url', label: 'نشانی', render: (row) => <Ltr>{row.url}</Ltr> },
    activeColumn(['نمایش', 'پنهان']),
    orderColumn(
      menus,
      sortUrl,
      (row) => row.label,
      (a, b) => a.location === b.location,
    ),
  ];
  return (
    <CatalogListPage
      title="منوها"
      description="منوی بالای سایت و پیوندهای پاصفحه؛ ترتیب را با کشیدن یا دکمه‌های بالا و پایین عوض کنید."
      make={{ href: route('admin.menus.make'), label: 'آیتم جدید منو' }}
      columns={columns}
      rows={rows}
      above={<SortableGroups groups={groups} label={(row) => row.label} sortUrl={sortUrl} />}
      empty={{ icon: ListTree, title: 'منو خالی است', description: 'نخستین آیتم منو را بسازید.' }}
      remove={{
        url: (row) => route('admin.menus.destroy', { menu: row.id }),
        title: (row) => `برداشتن «${row.label}» از منو؟`,
        text: 'زیرمجموعه‌های این آیتم هم برداشته می‌شوند.',
      }}
    />
  );
}
