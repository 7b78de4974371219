import { Table2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { type Column, DataTable } from '../ui/DataTable';

/** A chart's series as the page names and colours it, with what it counts (written under the chart). */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  definition: string;
}

/**
 * One chart of the admin console: its title, a «نمایش جدول» toggle that swaps the chart for a table
 * of the same numbers (for screen readers and for copying), and each series' definition under it.
 */
export function ChartCard<Row extends { key: string }>({
  id,
  title,
  table,
  series,
  className = '',
  children,
}: {
  id: string;
  title: ReactNode;
  table: { caption: string; columns: Column<Row>[]; rows: Row[] };
  series: ChartSeries[];
  className?: string;
  children: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
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
          columns={table.columns}
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
