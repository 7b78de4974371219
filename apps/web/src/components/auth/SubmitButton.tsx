import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';

/**
 * A form's main button: disabled while the form is busy (bot check or request), so a second tap
 * cannot send it twice, and it says that it is working.
 */
export function SubmitButton({
  busy,
  children,
  busyLabel = 'لطفاً صبر کنید…',
  className = 'w-full',
  variant = 'primary',
  disabled = false,
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel?: string;
  className?: string;
  variant?: 'primary' | 'danger';
  disabled?: boolean;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      variant={variant}
      disabled={busy || disabled}
      aria-busy={busy}
      className={className}
    >
      {busy ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
