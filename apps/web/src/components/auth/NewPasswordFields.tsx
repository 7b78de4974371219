import type { InertiaFormProps } from '@renderfarm/react';
import { bindField } from '../ui/bind-field';
import { NEW_PASSWORD_INPUT } from '../ui/input-presets';
import { TextField } from '../ui/TextField';

/**
 * A new password and its repetition. The rules in the hint are the server's, the same wherever a
 * password is chosen; the repetition's label follows the first («تکرار رمز عبور جدید»).
 */
export function NewPasswordFields<T extends { password: string; password_confirmation: string }>({
  form,
  errors,
  label = 'رمز عبور',
  required = true,
  autoFocus = false,
}: {
  form: InertiaFormProps<T>;
  errors: Record<string, string | undefined>;
  label?: string;
  required?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label={label}
        {...bindField(form, errors, 'password')}
        {...NEW_PASSWORD_INPUT}
        hint="دست‌کم ۸ نویسه؛ رمزهای رایج و لو‌رفته پذیرفته نمی‌شوند."
        required={required}
        autoFocus={autoFocus}
      />
      <TextField
        label={`تکرار ${label}`}
        {...bindField(form, errors, 'password_confirmation')}
        {...NEW_PASSWORD_INPUT}
        required={required}
      />
    </>
  );
}
