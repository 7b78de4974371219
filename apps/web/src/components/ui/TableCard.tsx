import type { ReactNode } from 'react';
import { Card } from './Card';

/**
 * A titled card holding a table: little padding so the table keeps its width on a phone, the title
 * lined up with the table's cells. `id` names the section for screen readers.
 */
export function TableCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="p-2 sm:p-4">
      <h2 id={id} className="mb-3 flex items-center gap-2 px-2 font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}
