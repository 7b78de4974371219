import type { AdminLinkListProps, AdminLinkRow } from '@server/modules/content/contracts';
import { Link2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from '../../../app/protocol';
import { CatalogListPage } from '../../../components/admin/CatalogListPage';
import { ReorderButtons } from '../../../components/admin/ReorderButtons';
import { SortableGroups } from '../../../components/admin/SortableGroups';
import { Badge } from '../../../components/ui/Badge';
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
    {
      key: 'label',
      label: 'عنوان',
      render: (row) => (
        <Link
          href={route('admin.links.edit', { link: row.id })}
          className="font-medium text-brand-700 hover:underline"
        >
          {row.label}
        </Link>
      ),
    },
    { key: 'group', label: 'گروه', render: (row) => GROUPS[row.group] },
    { key: 'url', label: 'نشانی', render: (row) => <Ltr className="break-all">{row.url}</Ltr> },
    {
      key: 'active',
      label: 'وضعیت',
      render: (row) => (
        <Badge tone={row.is_active ? 'green' : 'gray'}>{row.is_active ? 'نمایش' : 'پنهان'}</Badge>
      ),
    },
    {
      key: 'order',
      label: 'ترتیب',
      render: (row) => (
        <ReorderButtons
          rows={links}
          row={row}
          label={row.label}
          sortUrl={sortUrl}
          sameGroup={(a, b) => a.group === b.group}
        />
      ),
    },
  ];
  return (
    <CatalogListPage
      title="پیوندها"
      description="پیوندهای پاصفحه و شبکه‌های اجتماعی."
      make={{ href: route('admin.links.make'), label: 'پیوند جدید' }}
      caption="پیوندها"
      columns={columns}
      rows={rows}
      above={<SortableGroups groups={groups} label={(row) => row.label} sortUrl={sortUrl} />}
      rowKey={(row) => row.id}
      empty={{ icon: Link2, title: 'هنوز پیوندی نساخته‌اید' }}
      remove={{
        url: (row) => route('admin.links.destroy', { link: row.id }),
        title: (row) => `حذف پیوند «${row.label}»؟`,
        text: 'پیوند از پاصفحهٔ سایت برداشته می‌شود.',
      }}
    />
  );
}
