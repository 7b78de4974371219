import type { ReactNode } from 'react';
import { Card } from '../ui/Card';

/**
 * One block of an area home (machines, tickets, alerts…): a card with its heading, an optional
 * link or note at the end of the heading row, and the content. The heading names the region for
 * screen readers.
 */
export function DashboardSection({
  id,
  title,
  action,
  children,
  className = '',
}: {
  /** Makes the heading's id (`${id}-title`), unique on the page. */
  id: string;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className={`min-w-0 p-4 sm:p-5 ${className}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={`${id}-title`} className="font-bold text-gray-900">
          {title}
        </h2>
        {action && <div className="flex items-center gap-3 text-sm">{action}</div>}
      </div>
      {children}
    </Card>
  );
}
