import type { ReactNode } from 'react';
import { listUrl } from '../../lib/list-url';
import { useRoute } from '../../lib/route';
import { Card } from '../ui/Card';
import { DownloadLink } from '../ui/DownloadLink';
import { PageTitle } from '../ui/PageTitle';
import type { SelectOption } from '../ui/SelectField';
import { type FilterField, ListFilters } from './ListFilters';
import { useListQuery } from './use-list-query';

/**
 * The admin chart pages' frame: the title row with the CSV of the same numbers, the filters in a
 * card of their own (the period, the interval and the page's own choices, declared as for a list;
 * a change visits the page again), then the page's totals and charts (`ChartCard`, `ChartBox`).
 */
export function ChartPage({
  title,
  description,
  page,
  chart,
  filters,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The page's named route (`admin.chart1`). */
  page: string;
  /** The chart's name in its CSV's address (`revenue`). */
  chart: string;
  filters: {
    values: object;
    /** A filter the server could not use, by field, in Persian. */
    errors: Record<string, string>;
    intervals: SelectOption[];
    /** The page's own choices after the period and the interval. */
    more?: FilterField[];
    /** The grid's columns (`sm:grid-cols-3`). */
    className: string;
  };
  children: ReactNode;
}) {
  const route = useRoute();
  const { visit } = useListQuery(route(page), filters.values);
  const exportHref = listUrl(route('admin.charts.export', { chart }), { ...filters.values });
  const fields: FilterField[] = [
    { period: true, errors: filters.errors },
    {
      select: 'interval',
      label: 'بازه',
      options: filters.intervals,
      all: null,
      error: filters.errors.interval,
    },
    ...(filters.more ?? []),
  ];
  return (
    <>
      <PageTitle title={title} description={description} actions={<DownloadLink href={exportHref} />} />
      <Card className="mb-6 p-4 sm:p-6">
        <ListFilters
          fields={fields}
          values={filters.values}
          onChange={visit}
          className={`items-start ${filters.className}`}
        />
      </Card>
      {children}
    </>
  );
}
