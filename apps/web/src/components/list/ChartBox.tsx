import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * The box a chart is drawn in: an image to a screen reader (its `label` says what it shows and
 * where the numbers are), laid out left to right inside (recharts measures in LTR), as wide as
 * its card.
 */
export function ChartBox({
  label,
  className = 'h-72',
  children,
}: {
  label: string;
  className?: string;
  children: ReactElement;
}) {
  return (
    <div role="img" aria-label={label} className={`w-full ${className}`} dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}
