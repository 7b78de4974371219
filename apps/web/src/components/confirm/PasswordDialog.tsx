import type { InertiaFormProps } from '@renderfarm/react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { bindField } from '../ui/bind-field';
import { CancelButton } from '../ui/CancelButton';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';

/**
 * A dialog that asks for the current password before one action, with «انصراف» beside the action's
 * own button. The caller keeps the form: what is sent, where, and what closing resets differ by
 * action. `children` goes above the field (the action's own refusals).
 */
export function PasswordDialog({
  open,
  onClose,
  onSubmit,
  form,
  title,
  description,
  button,
  tone = 'default',
  children,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  form: InertiaFormProps<{ password: string }>;
  title: string;
  description: string;
  button: string;
  tone?: 'default' | 'danger';
  children?: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} tone={tone} title={title} description={description}>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {children}
        <TextField
          label="رمز عبور"
          type="password"
          {...bindField(form, form.errors, 'password')}
          autoComplete="current-password"
          ltr
          data-autofocus
        />
        <div className="flex flex-wrap justify-end gap-2">
          <CancelButton variant="secondary" onClick={onClose} />
          <Button type="submit" variant={tone === 'danger' ? 'danger' : 'primary'} disabled={form.processing}>
            {button}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
