import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { router } from '@renderfarm/react';
import { GripVertical } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../lib/digits';
import type { Orderable } from './ReorderButtons';

export interface SortGroup<T> {
  key: string;
  title: string;
  /** One set of siblings (the same parent and group), in their current order. */
  rows: T[];
}

const INSTRUCTIONS = {
  draggable:
    'برای جابه‌جا کردن، فاصله یا Enter را بزنید، با کلیدهای بالا و پایین جای تازه را انتخاب کنید و دوباره فاصله یا Enter بزنید. Escape جابه‌جایی را لغو می‌کند.',
};

/**
 * «ترتیب نمایش»: each set of siblings as a list whose rows are dragged by their handle, with the
 * keyboard too (dnd-kit's keyboard sensor: Space, arrows, Space; announced in Persian). Dropping
 * sends the group's new order to the list's sort route, as the up/down buttons of the table do.
 */
export function SortableGroups<T extends Orderable>({
  groups,
  label,
  sortUrl,
}: {
  groups: SortGroup<T>[];
  label: (row: T) => string;
  sortUrl: string;
}) {
  const shown = groups.filter((group) => group.rows.length > 1);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="sort-title" className="mb-4 border-b border-gray-100 px-1 pb-4 sm:px-0">
      <h2 id="sort-title" className="font-semibold text-gray-900">
        ترتیب نمایش
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        ردیف‌ها را با دستگیره بکشید، یا دستگیره را با Tab بگیرید و با فاصله و کلیدهای بالا و پایین جابه‌جا کنید.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((group) => (
          <SortableGroup key={group.key} group={group} label={label} sortUrl={sortUrl} />
        ))}
      </div>
    </section>
  );
}

function SortableGroup<T extends Orderable>({
  group,
  label,
  sortUrl,
}: {
  group: SortGroup<T>;
  label: (row: T) => string;
  sortUrl: string;
}) {
  // The order shown at once on drop (the server's answer follows): no jump back meanwhile.
  const [order, setOrder] = useState(group.rows);
  useEffect(() => setOrder(group.rows), [group.rows]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const row = order.find((r) => r.id === Number(id));
    return row ? `«${label(row)}»` : '';
  };
  const placeOf = (id: string | number | undefined) =>
    formatNumber(order.findIndex((r) => r.id === Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(active.id)} برداشته شد؛ جای ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} روی جای ${placeOf(over.id)} است.`
        : `${nameOf(active.id)} بیرون از فهرست است.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} در جای ${placeOf(over.id)} گذاشته شد.` : `${nameOf(active.id)} رها شد.`,
    onDragCancel: ({ active }) => `جابه‌جایی ${nameOf(active.id)} لغو شد.`,
  };
  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((r) => r.id === Number(active.id));
    const to = order.findIndex((r) => r.id === Number(over.id));
    if (from < 0 || to < 0) return;
    const next = arrayMove(order, from, to);
    setOrder(next);
    const tree = next.map((r, i) => ({ id: r.id, parent_id: r.parent_id ?? null, sort: i + 1 }));
    router.patch(sortUrl, { tree }, { preserveScroll: true });
  };
  const titleId = `sort-${group.key}`;
  return (
    <div>
      <h3 id={titleId} className="mb-1.5 text-sm font-medium text-gray-700">
        {group.title}
      </h3>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={drop}
        accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
      >
        <SortableContext items={order.map((r) => r.id)} strategy={verticalListSortingStrategy}>
          <ol aria-labelledby={titleId} className="space-y-1.5">
            {order.map((row, index) => (
              <SortableRow key={row.id} id={row.id} position={index + 1} text={label(row)} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}

function SortableRow({ id, position, text }: { id: number; position: number; text: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-lg border bg-white py-1 pe-3 ps-1 text-sm ${
        isDragging ? 'relative z-10 border-brand-400 shadow-md' : 'border-gray-200'
      }`}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`جابه‌جا کردن «${text}»`}
        className="grid size-9 shrink-0 cursor-grab touch-none place-items-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-brand-700 active:cursor-grabbing"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <span className="w-5 shrink-0 text-gray-400 tabular-nums">{formatNumber(position)}</span>
      <span className="min-w-0 truncate text-gray-900">{text}</span>
    </li>
  );
}
