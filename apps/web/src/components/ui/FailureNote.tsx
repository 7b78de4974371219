import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** What went wrong, in red behind a warning sign: a failed render, machine or scene check. */
export function FailureNote({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <p
      className={`flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm leading-7 text-red-800 ${className}`}
    >
      <TriangleAlert aria-hidden="true" className="mt-1 size-4 shrink-0" />
      {children}
    </p>
  );
}
