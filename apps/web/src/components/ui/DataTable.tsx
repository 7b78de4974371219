import type { ReactNode } from 'react';
import { ItemList } from './ItemList';

export interface Column<T> {
  key: string;
  label: string;
  /** The cell; defaults to the row's value under `key`. */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  /** Numbers and money align to the end and use tabular digits. */
  numeric?: boolean;
}

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

/**
 * A list of records: a table from 640 px up, one card per row below it (no sideways scrolling on
 * a phone). Sorting, filters and pages live in the URL; the page passes the current `sort` and
 * turns `onSort` into a visit (`?sort=&dir=`), so back/forward and shared links keep the view.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey = (row) => (row as { id: number }).id,
  sort,
  onSort,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  /** Defaults to the row's `id`. */
  rowKey?: (row: T) => string | number;
  sort?: SortState | null;
  onSort?: (sort: SortState) => void;
  empty: Parameters<typeof ItemList>[0]['empty'];
}) {
  const cell = (row: T, column: Column<T>) =>
    column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');
  if (rows.length === 0)
    return (
      <ItemList items={rows} empty={empty}>
        {() => null}
      </ItemList>
    );
  return (
    <>
      <table className="hidden w-full text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-xs text-gray-500">
            {columns.map((column) => {
              const sorted = sort?.key === column.key ? sort.dir : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={`px-3 py-2 font-medium ${column.numeric ? 'text-end' : 'text-start'}`}
                >
                  {column.sortable && onSort ? (
                    <button
                      type="button"
                      className="inline-flex min-h-10 items-center gap-1 hover:text-gray-900"
                      onClick={() => onSort({ key: column.key, dir: sorted === 'asc' ? 'desc' : 'asc' })}
                    >
                      {column.label}
                      <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`px-3 py-2.5 text-gray-800 ${column.numeric ? 'text-end tabular-nums' : ''}`}
                >
                  {cell(row, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label={caption} className="space-y-3 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-xl border border-gray-200 bg-white p-3">
            {/* minmax(0, 1fr): a long value (a name with no space) wraps or is cut, never widens the card. */}
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {columns.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-gray-500">{column.label}</dt>
                  <dd className={`min-w-0 text-gray-900 ${column.numeric ? 'tabular-nums' : ''}`}>
                    {cell(row, column)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
