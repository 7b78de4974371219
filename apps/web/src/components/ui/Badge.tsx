import type { ReactNode } from 'react';

export type BadgeTone = 'gray' | 'brand' | 'green' | 'yellow' | 'red' | 'blue';

const TONES: Record<BadgeTone, string> = {
  gray: 'bg-gray-100 text-gray-700 ring-gray-500/20',
  brand: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  green: 'bg-green-50 text-green-800 ring-green-600/20',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/20',
};

const DOTS: Record<BadgeTone, string> = {
  gray: 'bg-gray-400',
  brand: 'bg-brand-500',
  green: 'bg-green-500',
  yellow: 'bg-amber-500',
  red: 'bg-red-500',
  blue: 'bg-sky-500',
};

/**
 * A status label. The text is required: colour alone never carries the meaning (docs/ui.md), the
 * colour and dot only help the eye find it.
 */
export function Badge({
  tone = 'gray',
  dot = false,
  children,
  className = '',
}: {
  tone?: BadgeTone;
  dot?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]} ${className}`}
    >
      {dot && <span aria-hidden="true" className={`size-1.5 rounded-full ${DOTS[tone]}`} />}
      {children}
    </span>
  );
}
