import { router } from '@renderfarm/react';
import { ArrowDown, ArrowUp } from 'lucide-react';

export interface Orderable {
  id: number;
  parent_id?: number | null;
  sort: number;
}

/**
 * The new `{tree}` after moving `id` one place up or down among its siblings (the same parent, and
 * the same group when `sameGroup` says so): every sibling gets its position as `sort`.
 */
export function moved<T extends Orderable>(
  rows: readonly T[],
  id: number,
  direction: -1 | 1,
  sameGroup: (a: T, b: T) => boolean = () => true,
): { id: number; parent_id: number | null; sort: number }[] | null {
  const row = rows.find((r) => r.id === id);
  if (!row) return null;
  const siblings = rows
    .filter((r) => (r.parent_id ?? null) === (row.parent_id ?? null) && sameGroup(r, row))
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  const index = siblings.findIndex((r) => r.id === id);
  const target = index + direction;
  if (target < 0 || target >= siblings.length) return null;
  const order = [...siblings];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order.map((r, i) => ({ id: r.id, parent_id: r.parent_id ?? null, sort: i + 1 }));
}

/**
 * «بالا / پایین» for one row of a sortable list: the keyboard (and screen reader) way to reorder,
 * beside any dragging. Sends the new order of the row's siblings to the list's sort route.
 */
export function ReorderButtons<T extends Orderable>({
  rows,
  row,
  label,
  sortUrl,
  sameGroup,
}: {
  rows: readonly T[];
  row: T;
  label: string;
  sortUrl: string;
  sameGroup?: (a: T, b: T) => boolean;
}) {
  const send = (direction: -1 | 1) => {
    const tree = moved(rows, row.id, direction, sameGroup);
    if (tree) router.patch(sortUrl, { tree }, { preserveScroll: true });
  };
  const up = moved(rows, row.id, -1, sameGroup) !== null;
  const down = moved(rows, row.id, 1, sameGroup) !== null;
  const button =
    'grid size-9 place-items-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-brand-700 disabled:opacity-30';
  return (
    <span className="inline-flex gap-1">
      <button
        type="button"
        className={button}
        disabled={!up}
        onClick={() => send(-1)}
        aria-label={`${label}: یک پله بالاتر`}
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        className={button}
        disabled={!down}
        onClick={() => send(1)}
        aria-label={`${label}: یک پله پایین‌تر`}
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </button>
    </span>
  );
}
