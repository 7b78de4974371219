import { type ReactNode, useState } from 'react';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ConfirmsPassword } from './ConfirmsPassword';

/**
 * A staff button whose action cannot be taken back lightly (signing in as the user, removing their
 * second step): it first asks «… ؟» with what will happen, then the password (unless confirmed
 * lately), and only then `onConfirmed`.
 */
export function AskFirstButton({
  disabled = false,
  ask,
  onConfirmed,
  children,
}: {
  disabled?: boolean;
  ask: { title: string; confirmLabel: string; danger?: boolean; text: ReactNode };
  onConfirmed: () => void;
  /** The button's words (and icon). */
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <ConfirmsPassword onConfirmed={onConfirmed}>
      {(start, checking) => (
        <>
          <Button variant="secondary" disabled={disabled || checking} onClick={() => setAsking(true)}>
            {children}
          </Button>
          <ConfirmDialog
            open={asking}
            danger={ask.danger}
            title={ask.title}
            confirmLabel={ask.confirmLabel}
            cancelLabel="نه"
            onConfirm={() => {
              setAsking(false);
              start();
            }}
            onCancel={() => setAsking(false)}
          >
            {ask.text}
          </ConfirmDialog>
        </>
      )}
    </ConfirmsPassword>
  );
}
