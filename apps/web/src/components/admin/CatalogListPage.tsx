import { router } from '@renderfarm/react';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Head, usePage } from '../../app/protocol';
import { PageHeader } from '../account/PageHeader';
import { Button, ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { type Column, DataTable } from '../ui/DataTable';
import { FormAlert } from '../ui/FormAlert';

/**
 * The shape every admin catalog list shares (plans, datacenters, hosts, limits, settings): a title
 * with «… جدید», the server's refusal of a delete above the table, the table (cards on a phone),
 * and a delete that asks first and says what stops it. Pages give their columns and words.
 */
export function CatalogListPage<T>({
  title,
  description,
  make,
  caption,
  columns,
  rows,
  rowKey,
  empty,
  remove,
  above,
}: {
  title: string;
  description: ReactNode;
  make: { href: string; label: string };
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: Parameters<typeof DataTable<T>>[0]['empty'];
  /** A «حذف» column, when rows may be deleted: which ones, where to send it and what to ask. */
  remove?: { can?: (row: T) => boolean; url: (row: T) => string; title: (row: T) => string; text: ReactNode };
  /** Filters or a form above the table, inside its card. */
  above?: ReactNode;
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
    <>
      <Head title={title} />
      <PageHeader
        title={title}
        description={description}
        actions={
          <ButtonLink href={make.href}>
            <Plus aria-hidden="true" className="size-4" />
            {make.label}
          </ButtonLink>
        }
      />
      <FormAlert className="mb-4">{errors.delete}</FormAlert>
      <Card className="p-2 sm:p-4">
        {above}
        <DataTable caption={caption} columns={withDelete} rows={rows} rowKey={rowKey} empty={empty} />
      </Card>
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
    </>
  );
}
