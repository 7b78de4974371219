import type { ReactNode } from 'react';
import { Card } from '../ui/Card';

/**
 * The figures above a list or a chart («جمع مبلغ», «افزایش اعتبار»): two a row on a phone and four
 * on a wide screen unless the page says otherwise, each a name, its value and an optional line under it (the period before).
 */
export function Totals({
  items,
  className = 'grid-cols-2 lg:grid-cols-4',
}: {
  /** `tone` colours the value (credits green, debits red); the title always says what it is. */
  items: { key: string; title: string; value: ReactNode; note?: ReactNode; tone?: string }[];
  /** The grid's columns. */
  className?: string;
}) {
  return (
    <div className={`mb-6 grid gap-3 ${className}`}>
      {items.map((item) => (
        <Card key={item.key} className="p-4">
          <p className="text-sm text-gray-600">{item.title}</p>
          <p className={`mt-1 text-lg font-bold ${item.tone ?? 'text-gray-900'}`}>{item.value}</p>
          {item.note && <p className="mt-1 text-xs text-gray-500">{item.note}</p>}
        </Card>
      ))}
    </div>
  );
}
