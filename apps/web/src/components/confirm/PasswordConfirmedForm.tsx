import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import type { Ask } from './AskFirst';
import { ConfirmsPasswordForm } from './ConfirmsPasswordForm';

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
  ask: Ask;
  onConfirmed: () => void;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className="p-4 sm:p-6">
      <h2 id={id} className="font-bold text-gray-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{intro}</p>
      <ConfirmsPasswordForm
        ask={ask}
        onConfirmed={onConfirmed}
        description={passwordNote}
        className="mt-4 grid gap-4"
      >
        {(checking) => (
          <>
            {children}
            <div>
              <Button type="submit" variant={submit.variant} disabled={busy || checking}>
                {submit.label}
              </Button>
            </div>
          </>
        )}
      </ConfirmsPasswordForm>
    </Card>
  );
}
