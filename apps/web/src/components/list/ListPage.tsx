import type { LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { type Column, DataTable } from '../ui/DataTable';
import { DownloadLink } from '../ui/DownloadLink';
import { PageTitle } from '../ui/PageTitle';
import { Pagination } from '../ui/Pagination';
import { type FilterField, ListFilters } from './ListFilters';
import type { ListQuery } from './use-list-query';

/** What a page of rows knows about the other pages: a count (`last_page`) or only «more» (`has_more`). */
export interface PageMeta {
  current_page: number;
  last_page?: number;
  has_more?: boolean;
}

/** One page of a longer list, as the server sends it: its rows and where it stands among the pages. */
export interface ListPageOf<T> {
  data: readonly T[];
  meta: PageMeta;
}

/**
 * Every list page of the staff areas and the panel, one shape: the title row (with «… جدید» and the
 * CSV export), what sits between it and the list (tabs, totals, a notice), one card holding the
 * filters (declared, see `ListFilters`) and the table (cards on a phone, an empty state that says
 * what to do), and the pages under it. Filters, sort and page live in the URL (`query`, from
 * `useListQuery`): the filters show its values and change it, the pages link through it.
 */
export function ListPage<T>({
  title,
  description,
  make,
  exportHref,
  actions,
  header,
  query,
  filters,
  above,
  caption,
  columns,
  rows,
  page,
  rowKey,
  empty,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The «… جدید» button at the end of the title row. */
  make?: { href: string; label: string; icon: LucideIcon };
  /** The «دریافت CSV» link of the same rows and filters. */
  exportHref?: string | null;
  /** Other buttons of the title row. */
  actions?: ReactNode;
  /** Between the title and the list: tabs, totals, a refusal from the server. */
  header?: ReactNode;
  /** The list's address: what the filters show and change, where the page links go. */
  query?: ListQuery;
  filters?: {
    fields: (FilterField | false | null | undefined)[];
    layout?: 'grid' | 'wrap';
    onSubmit?: (event: FormEvent) => void;
    /** The grid's columns (`sm:grid-cols-2 lg:grid-cols-5`). */
    className?: string;
  };
  /** Inside the card, above the filters (a drag-to-sort panel) or between them and the table. */
  above?: ReactNode;
  /** The table's name to a screen reader; defaults to the title. */
  caption?: string;
  columns: Column<T>[];
  /** Every row of a list that fits one page… */
  rows?: readonly T[];
  /** …or one page of a longer one, with the page links under the table. */
  page?: ListPageOf<T>;
  /** Defaults to the row's `id`. */
  rowKey?: (row: T) => string | number;
  empty: Parameters<typeof DataTable<T>>[0]['empty'];
  /** After the list: its dialogs. */
  children?: ReactNode;
}) {
  const Icon = make?.icon;
  const titleActions =
    make || exportHref || actions ? (
      <>
        {exportHref && <DownloadLink href={exportHref} />}
        {make && Icon && (
          <ButtonLink href={make.href}>
            <Icon aria-hidden="true" className="size-4" />
            {make.label}
          </ButtonLink>
        )}
        {actions}
      </>
    ) : undefined;
  return (
    <>
      <PageTitle title={title} description={description} actions={titleActions} />
      {header}
      <Card className="p-2 sm:p-4">
        {filters && (
          <ListFilters
            {...filters}
            values={query?.values ?? {}}
            onChange={query?.visit ?? (() => undefined)}
            className={`mb-3 items-end px-2 ${filters.className ?? ''}`}
          />
        )}
        {above}
        <DataTable
          caption={caption ?? title}
          columns={columns}
          rows={page?.data ?? rows ?? []}
          rowKey={rowKey}
          empty={empty}
        />
      </Card>
      {page && query && (
        <Pagination
          page={page.meta.current_page}
          lastPage={page.meta.last_page}
          hasMore={page.meta.has_more}
          hrefFor={query.pageHref}
        />
      )}
      {children}
    </>
  );
}
