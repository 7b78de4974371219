import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';

/** The list styles the home screens use: rows split by hairlines, or cards in a grid. */
export const LIST_DIVIDED = 'divide-y divide-gray-100';

/**
 * A list, or the empty state that says what is missing and what to do next (docs/ui.md "States").
 * `children` renders one `<li>` per item with its own key.
 */
export function ItemList<T>({
  items,
  empty,
  className = LIST_DIVIDED,
  children,
}: {
  items: readonly T[];
  empty: { icon: LucideIcon; title: string; description?: ReactNode; action?: ReactNode; roomy?: boolean };
  className?: string;
  children: (item: T, index: number) => ReactNode;
}) {
  if (items.length === 0) {
    const { roomy, ...state } = empty;
    return <EmptyState {...state} className={roomy ? '' : 'py-8'} />;
  }
  return <ul className={className}>{items.map(children)}</ul>;
}
