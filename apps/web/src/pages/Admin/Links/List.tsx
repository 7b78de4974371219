import type { AdminLinkListProps, AdminLinkRow } from '@server/modules/content/contracts';
import { Link2 } from 'lucide-react';
import { useMemo } from 'react';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { SortableGroups } from '../../../components/admin/SortableGroups';
import { activeColumn, linkColumn, orderColumn } from '../../../components/list/columns';
import type { Column } from '../../../components/ui/DataTable';
import { Ltr } from '../../../components/ui/Ltr';
import { useRoute } from '../../../lib/route';

const GROUPS = { footer: 'پاصفحه', social: 'شبکه‌های اجتماعی' } as const;

/** `admin.links.list` «پیوندها»: footer and social links by group, reordered by dragging or with the arrows. */
export default function LinkList({ links }: AdminLinkListProps) {
  const route = useRoute();
  const sortUrl = route('admin.links.sort');
  const rows = [...links].sort((a, b) => a.group.localeCompare(b.group) || a.sort - b.sort || a.id - b.id);
  const groups = useMemo(
    () =>
      (['footer', 'social'] as const).map((group) => ({
        key: group,
        title: GROUPS[group],
        rows: [...links].filter((l) => l.group === group).sort((a, b) => a.sort - b.sort || a.id - b.id),
      })),
    [links],
  );
  const columns: Column<AdminLinkRow>[] = [
    linkColumn(
      'label',
      'عنوان',
      (row) => route('admin.links.edit', { link: row.id }),
      (row) => row.label,
    ),
    { key: 'group', label: 'گروه', render: (row) => GROUPS[row.group] },
    { key: 'url', label: 'نشانی', render: (row) => <Ltr className="break-all">{row.url}</Ltr> },
    activeColumn(['نمایش', 'پنهان']),
    orderColumn(
      links,
      sortUrl,
      (row) => row.label,
      (a, b) => a.group === b.group,
    ),
  ];
  return (
    <CatalogListPage
      title="پیوندها"
      description="پیوندهای پاصفحه و شبکه‌های اجتماعی."
      make={{ href: route('admin.links.make'), label: 'پیوند جدید' }}
      columns={columns}
      rows={rows}
      above={<SortableGroups groups={groups} label={(row) => row.label} sortUrl={sortUrl} />}
      empty={{ icon: Link2, title: 'هنوز پیوندی نساخته‌اید' }}
      remove={{
        url: (row) => route('admin.links.destroy', { link: row.id }),
        title: (row) => `حذف پیوند «${row.label}»؟`,
        text: 'پیوند از پاصفحهٔ سایت برداشته می‌شود.',
      }}
    />
  );
}
