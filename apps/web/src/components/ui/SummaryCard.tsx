import type { ReactNode } from 'react';
import { Card } from './Card';

/**
 * A titled card of `SummaryRow`s (what a machine or a render costs, the wallet beside it);
 * `after` goes under the list (a note on how it is charged).
 */
export function SummaryCard({
  title,
  after,
  children,
}: {
  title: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <h2 className="font-bold text-gray-900">{title}</h2>
      <dl className="grid gap-2 text-sm">{children}</dl>
      {after}
    </Card>
  );
}
