import type { ReactNode } from 'react';
import { ConfirmsPassword } from './ConfirmsPassword';

/**
 * A form sent only once the password is confirmed (`ConfirmsPassword`): submitting it asks for the
 * password unless it was given lately, then `onConfirmed` sends. `children` gets whether the check
 * is still running, for the button.
 */
export function ConfirmsPasswordForm({
  onConfirmed,
  description,
  className,
  children,
}: {
  onConfirmed: () => void;
  /** The password dialog's line, when it should say why. */
  description?: string;
  className: string;
  children: (checking: boolean) => ReactNode;
}) {
  return (
    <ConfirmsPassword onConfirmed={onConfirmed} {...(description ? { description } : {})}>
      {(start, checking) => (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
          noValidate
          className={className}
        >
          {children(checking)}
        </form>
      )}
    </ConfirmsPassword>
  );
}
