import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { type Ask, AskFirst } from './AskFirst';

/**
 * A staff button whose action cannot be taken back lightly (signing in as the user, removing their
 * second step): it asks first, then the password, and only then `onConfirmed` (`AskFirst`).
 */
export function AskFirstButton({
  disabled = false,
  ask,
  onConfirmed,
  children,
}: {
  disabled?: boolean;
  ask: Ask;
  onConfirmed: () => void;
  /** The button's words (and icon). */
  children: ReactNode;
}) {
  return (
    <AskFirst ask={{ cancelLabel: 'نه', ...ask }} onConfirmed={onConfirmed}>
      {(askFirst, checking) => (
        <Button variant="secondary" disabled={disabled || checking} onClick={askFirst}>
          {children}
        </Button>
      )}
    </AskFirst>
  );
}
