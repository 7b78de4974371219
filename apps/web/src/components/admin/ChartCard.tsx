import { Table2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { type Column, DataTable } from '../ui/DataTable';

/** A chart's series as the page names and colours it, with what it counts (written under the chart). */
export interface ChartSeries<K extends string = string> {
  key: K;
  name: string;
  color: string;
  definition: string;
}

/** A page's series from `[key, name, colour]` rows and what each counts. */
export function chartSeries<K extends string>(
  definitions: Record<K, string>,
  rows: readonly (readonly [key: K, name: string, color: string])[],
): ChartSeries<K>[] {
  return rows.map(([key, name, color]) => ({ key, name, color, definition: definitions[key] }));
}

/** A period of a chart: its key, its name («فروردین ۱۴۰۴») and a number per series. */
type Period<K extends string> = { key: string; label: string } & Record<K, number>;

/**
 * One chart of the admin console: its title, a «نمایش جدول» toggle that swaps the chart for a table
 * of the same numbers (for screen readers and for copying: a row a period, a column a series, each
 * number written by `table.format`), and each series' definition under it.
 */
export function ChartCard<K extends string, Row extends Period<K>>({
  id,
  title,
  table,
  series,
  className = '',
  children,
}: {
  id: string;
  title: ReactNode;
  table: { caption: string; rows: Row[]; format: (value: number) => ReactNode };
  series: ChartSeries<K>[];
  className?: string;
  children: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const columns: Column<Row>[] = [
    { key: 'label', label: 'دوره', render: (row) => row.label },
    ...series.map((s) => ({
      key: s.key,
      label: s.name,
      numeric: true,
      render: (row: Row) => table.format(row[s.key]),
    })),
  ];
  return (
    <Card as="section" aria-labelledby={id} className={`p-2 sm:p-4 ${className}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 px-2">
        <h2 id={id} className="font-bold text-gray-900">
          {title}
        </h2>
        <Button variant="ghost" onClick={() => setShowTable((shown) => !shown)} aria-pressed={showTable}>
          <Table2 aria-hidden="true" className="size-4" />
          {showTable ? 'نمایش نمودار' : 'نمایش جدول'}
        </Button>
      </div>
      {showTable ? (
        <DataTable
          caption={table.caption}
          columns={columns}
          rows={table.rows}
          rowKey={(row) => row.key}
          empty={{ icon: Table2, title: 'در این بازه دوره‌ای نیست' }}
        />
      ) : (
        children
      )}
      <dl className="mt-4 grid gap-2 px-2 text-sm sm:grid-cols-2">
        {series.map((s) => (
          <div key={s.key}>
            <dt className="font-medium text-gray-900">
              <span
                aria-hidden="true"
                className="me-1.5 inline-block size-2.5 rounded-full"
                style={{ background: s.color }}
              />
              {s.name}
            </dt>
            <dd className="text-gray-600">{s.definition}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
