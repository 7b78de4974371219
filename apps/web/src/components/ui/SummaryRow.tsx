import type { ReactNode } from 'react';

const EMPHASIS = { none: '', medium: 'font-medium text-gray-900', bold: 'font-bold text-gray-900' };

/**
 * One line of a money or order summary (inside a `<dl>`): the label on the start side, the value
 * at the end. `emphasis` `none` leaves the value's look to it (a `Price`); `end` keeps a value that
 * wraps aligned to the end.
 */
export function SummaryRow({
  label,
  emphasis = 'medium',
  end = false,
  className = '',
  children,
}: {
  label: ReactNode;
  emphasis?: keyof typeof EMPHASIS;
  end?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const look = [end && 'text-end', EMPHASIS[emphasis]].filter(Boolean).join(' ');
  return (
    <div className={`flex justify-between gap-3 ${className}`.trim()}>
      <dt className="text-gray-600">{label}</dt>
      <dd className={look || undefined}>{children}</dd>
    </div>
  );
}
