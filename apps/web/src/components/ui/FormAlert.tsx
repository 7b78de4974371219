import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A message about the whole form (a bot check that failed, a link that was sent), as opposed to
 * one field. The live region is always in the page so that a new message is announced.
 */
export function FormAlert({
  tone = 'error',
  children,
  className = '',
}: {
  tone?: 'error' | 'success';
  children?: ReactNode;
  className?: string;
}) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div aria-live={tone === 'error' ? 'assertive' : 'polite'}>
      {children ? (
        <div
          className={`flex items-start gap-2 rounded-xl border p-3 text-sm ${
            tone === 'error'
              ? 'border-red-200 bg-red-50 text-red-800'
              : 'border-green-200 bg-green-50 text-green-800'
          } ${className}`}
        >
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="flex-1">{children}</div>
        </div>
      ) : null}
    </div>
  );
}
