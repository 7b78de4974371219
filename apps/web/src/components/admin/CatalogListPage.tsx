import { router } from '@renderfarm/react';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { usePage } from '../../app/protocol';
import { ListPage } from '../list/ListPage';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { Column } from '../ui/DataTable';
import { FormAlert } from '../ui/FormAlert';

/**
 * A `ListPage` of an admin catalog (plans, datacenters, hosts, limits, settings, content): a title
 * with «… جدید», the server's refusal of a delete above the table, and a «حذف» column that asks
 * first and says what stops it. Pages give their columns, filters and words.
 */
export function CatalogListPage<T>({
  make,
  columns,
  remove,
  ...list
}: Omit<Parameters<typeof ListPage<T>>[0], 'make' | 'header' | 'children'> & {
  description: ReactNode;
  make: { href: string; label: string };
  /** A «حذف» column, when rows may be deleted: which ones, where to send it and what to ask. */
  remove?: { can?: (row: T) => boolean; url: (row: T) => string; title: (row: T) => string; text: ReactNode };
}) {
  const { props } = usePage();
  const errors = (props.errors ?? {}) as Record<string, string>;
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const withDelete: Column<T>[] = remove
    ? [
        ...columns,
        {
          key: 'actions',
          label: 'کارها',
          render: (row) =>
            (remove.can?.(row) ?? true) ? (
              <Button size="sm" variant="ghost" onClick={() => setDeleting(row)}>
                حذف
              </Button>
            ) : (
              '—'
            ),
        },
      ]
    : columns;
  const confirm = (row: T) => {
    setBusy(true);
    router.delete(remove!.url(row), {
      preserveScroll: true,
      onFinish: () => {
        setBusy(false);
        setDeleting(null);
      },
    });
  };
  return (
    <ListPage
      {...list}
      make={{ ...make, icon: Plus }}
      header={<FormAlert className="mb-4">{errors.delete}</FormAlert>}
      columns={withDelete}
    >
      {deleting !== null && remove && (
        <ConfirmDialog
          open
          danger
          title={remove.title(deleting)}
          confirmLabel="بله، حذف شود"
          busy={busy}
          onConfirm={() => confirm(deleting)}
          onCancel={() => setDeleting(null)}
        >
          {remove.text}
        </ConfirmDialog>
      )}
    </ListPage>
  );
}
