import type { ReactNode } from 'react';

/** A label and its value, in the order read (a receipt's or an invoice's facts). */
export type Fact = [label: string, value: ReactNode];

/** Facts as a description list: labels on the start side, values beside them, one row each. */
export function FactList({ facts, className = '' }: { facts: Fact[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm ${className}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-500">{label}</dt>
          <dd className="font-medium text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
