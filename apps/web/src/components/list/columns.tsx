import type { CSSProperties, ReactNode } from 'react';
import { Link } from '../../app/protocol';
import { type Orderable, ReorderButtons } from '../admin/ReorderButtons';
import { Badge } from '../ui/Badge';
import type { Column } from '../ui/DataTable';

/*
 * Columns the lists share, so a list page declares what differs: the record's name as the link to
 * its page, an on/off badge, the arrow buttons that reorder a sorted list.
 */

/**
 * The first column of most lists: the record's name, opening its page; `note` is a small grey line
 * under the name (a number, a phone), `ltr` for a Latin name (a hostname).
 */
export function linkColumn<T>(
  key: string,
  label: string,
  href: (row: T) => string,
  text: (row: T) => ReactNode,
  {
    className = 'font-medium text-brand-700 hover:underline',
    style,
    note,
    ltr,
  }: {
    className?: string | ((row: T) => string);
    style?: (row: T) => CSSProperties;
    note?: (row: T) => ReactNode;
    ltr?: boolean;
  } = {},
): Column<T> {
  return {
    key,
    label,
    render: (row) => (
      <Link
        href={href(row)}
        className={typeof className === 'function' ? className(row) : className}
        style={style?.(row)}
        dir={ltr ? 'ltr' : undefined}
      >
        {text(row)}
        {note && <span className="block text-xs font-normal text-gray-500">{note(row)}</span>}
      </Link>
    ),
  };
}

/** «فعال / غیرفعال» (or the page's own two words) as a green or grey badge. */
export function activeColumn<T extends { is_active: boolean }>(
  [on, off]: [string, string] = ['فعال', 'غیرفعال'],
  label = 'وضعیت',
): Column<T> {
  return {
    key: 'active',
    label,
    render: (row) => <Badge tone={row.is_active ? 'green' : 'gray'}>{row.is_active ? on : off}</Badge>,
  };
}

/** «ترتیب»: up and down among the row's siblings (`sameGroup`), for keyboards and phones. */
export function orderColumn<T extends Orderable>(
  rows: readonly T[],
  sortUrl: string,
  name: (row: T) => string,
  sameGroup: (a: T, b: T) => boolean,
): Column<T> {
  return {
    key: 'order',
    label: 'ترتیب',
    render: (row) => (
      <ReorderButtons rows={rows} row={row} label={name(row)} sortUrl={sortUrl} sameGroup={sameGroup} />
    ),
  };
}
