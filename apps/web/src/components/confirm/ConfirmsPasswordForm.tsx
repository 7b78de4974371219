import type { ReactNode } from 'react';
import { type Ask, AskFirst } from './AskFirst';
import { ConfirmsPassword } from './ConfirmsPassword';

/**
 * A form sent only once the password is confirmed (`ConfirmsPassword`): submitting it asks for the
 * password unless it was given lately, then `onConfirmed` sends. With `ask`, it first asks «… ؟»
 * with what will happen (`AskFirst`). `children` gets whether the check is still running, for the
 * button.
 */
export function ConfirmsPasswordForm({
  onConfirmed,
  description,
  ask,
  className,
  children,
}: {
  onConfirmed: () => void;
  /** The password dialog's line, when it should say why. */
  description?: string;
  ask?: Ask;
  className: string;
  children: (checking: boolean) => ReactNode;
}) {
  const form = (send: () => void, checking: boolean) => (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      noValidate
      className={className}
    >
      {children(checking)}
    </form>
  );
  return ask ? (
    <AskFirst ask={ask} onConfirmed={onConfirmed} passwordNote={description}>
      {form}
    </AskFirst>
  ) : (
    <ConfirmsPassword onConfirmed={onConfirmed} {...(description ? { description } : {})}>
      {form}
    </ConfirmsPassword>
  );
}
