import { type ReactNode, useState } from 'react';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ConfirmsPassword } from './ConfirmsPassword';

/**
 * A staff form that moves money or locks an account (refund, balance correction, suspension): a
 * card with its title and one line about it, the fields, a button that first asks «… شود؟» with
 * what will happen, then the password (unless confirmed lately), and only then `onConfirmed`.
 */
export function PasswordConfirmedForm({
  id,
  title,
  intro,
  passwordNote,
  submit,
  busy,
  ask,
  onConfirmed,
  children,
}: {
  /** The heading's id (`refund-title`), which names the section. */
  id: string;
  title: ReactNode;
  intro: ReactNode;
  /** The password dialog's line, when it should say why. */
  passwordNote?: string;
  submit: { label: string; variant?: 'primary' | 'secondary' | 'danger' };
  busy: boolean;
  ask: { title: string; confirmLabel: string; cancelLabel?: string; danger?: boolean; text: ReactNode };
  onConfirmed: () => void;
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <Card as="section" aria-labelledby={id} className="p-4 sm:p-6">
      <h2 id={id} className="font-bold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{intro}</p>
      <ConfirmsPassword onConfirmed={onConfirmed} {...(passwordNote ? { description: passwordNote } : {})}>
        {(start, checking) => (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setAsking(true);
            }}
            noValidate
            className="mt-4 grid gap-4"
          >
            {children}
            <div>
              <Button type="submit" variant={submit.variant} disabled={busy || checking}>
                {submit.label}
              </Button>
            </div>
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
          </form>
        )}
      </ConfirmsPassword>
    </Card>
  );
}
