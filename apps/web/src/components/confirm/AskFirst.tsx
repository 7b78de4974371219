import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ConfirmsPassword } from './ConfirmsPassword';

/** What a staff action asks before it is taken: «… ؟», the yes button, and what will happen. */
export interface Ask {
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  text: ReactNode;
}

/**
 * A staff action that cannot be taken back lightly: `children` gets `askFirst` for its button or
 * form; that asks `ask` first, then the password (unless confirmed lately), and only then runs
 * `onConfirmed`. `checking` is true while the password's state is being asked.
 */
export function AskFirst({
  ask,
  onConfirmed,
  passwordNote,
  children,
}: {
  ask: Ask;
  onConfirmed: () => void;
  /** The password dialog's line, when it should say why. */
  passwordNote?: string;
  children: (askFirst: () => void, checking: boolean) => ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <ConfirmsPassword onConfirmed={onConfirmed} {...(passwordNote ? { description: passwordNote } : {})}>
      {(start, checking) => (
        <>
          {children(() => setAsking(true), checking)}
          <ConfirmDialog
            open={asking}
            danger={ask.danger}
            title={ask.title}
            confirmLabel={ask.confirmLabel}
            cancelLabel={ask.cancelLabel}
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
