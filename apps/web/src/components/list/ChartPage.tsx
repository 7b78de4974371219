import type { ReactNode } from 'react';
import { Card } from '../ui/Card';
import { DownloadLink } from '../ui/DownloadLink';
import { PageTitle } from '../ui/PageTitle';
import { type FilterField, ListFilters } from './ListFilters';
import type { QueryPatch } from './use-list-query';

/**
 * The admin chart pages' frame: the title row with the CSV of the same numbers, the filters in a
 * card of their own (period, interval and the page's choices, declared as for a list), then the
 * page's totals and charts (`ChartCard`, `ChartBox`).
 */
export function ChartPage({
  title,
  description,
  exportHref,
  filters,
  children,
}: {
  title: string;
  description: ReactNode;
  exportHref: string;
  filters: {
    fields: FilterField[];
    values: object;
    onChange: (patch: QueryPatch) => void;
    /** The grid's columns (`sm:grid-cols-3`). */
    className: string;
  };
  children: ReactNode;
}) {
  return (
    <>
      <PageTitle title={title} description={description} actions={<DownloadLink href={exportHref} />} />
      <Card className="mb-6 p-4 sm:p-6">
        <ListFilters {...filters} className={`items-start ${filters.className}`} />
      </Card>
      {children}
    </>
  );
}
