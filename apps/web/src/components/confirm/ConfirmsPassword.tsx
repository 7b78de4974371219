import { useForm } from '@renderfarm/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useRoute } from '../../lib/route';
import { isPasswordConfirmed } from './confirmation-status';
import { PasswordDialog } from './PasswordDialog';

/**
 * Wraps a sensitive action (turning 2FA on, showing recovery codes): runs it at once when the
 * password was confirmed in the last hours, otherwise asks for the password in a dialog first.
 * `children` receives the function that starts the whole thing, for its button.
 */
export function ConfirmsPassword({
  onConfirmed,
  title = 'تأیید رمز عبور',
  description = 'برای ادامه، رمز عبورتان را وارد کنید.',
  button = 'تأیید',
  children,
}: {
  onConfirmed: () => void;
  title?: string;
  description?: string;
  button?: string;
  children: (start: () => void, checking: boolean) => ReactNode;
}) {
  const route = useRoute();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const form = useForm({ password: '' });

  const start = async () => {
    setChecking(true);
    const confirmed = await isPasswordConfirmed(route('password.confirmation'));
    setChecking(false);
    if (confirmed) return onConfirmed();
    form.clearErrors();
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    form.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.post(route('password.confirm.store'), {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => {
        close();
        onConfirmed();
      },
    });
  };

  return (
    <>
      {children(() => void start(), checking)}
      <PasswordDialog
        open={open}
        onClose={close}
        onSubmit={submit}
        form={form}
        title={title}
        description={description}
        button={button}
      />
    </>
  );
}
