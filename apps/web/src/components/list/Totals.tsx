import type { ReactNode } from 'react';
import { Card } from '../ui/Card';

/**
 * The figures above a list or a chart («جمع مبلغ», «افزایش اعتبار»): two a row on a phone, four
 * on a wide screen, each a name, its value and an optional line under it (the period before).
 */
export function Totals({
  items,
}: {
  items: { key: string; title: string; value: ReactNode; note?: ReactNode }[];
}) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <Card key={item.key} className="p-4">
          <p className="text-sm text-gray-600">{item.title}</p>
          <p className="mt-1 text-lg font-bold text-gray-900">{item.value}</p>
          {item.note && <p className="mt-1 text-xs text-gray-500">{item.note}</p>}
        </Card>
      ))}
    </div>
  );
}
