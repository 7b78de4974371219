import type { InertiaFormProps } from '@renderfarm/react';
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
        name="password"
        type="password"
        value={form.data.password}
        onChange={(value) => form.setData('password', value)}
        error={errors.password}
        autoComplete="new-password"
        hint="دست‌کم ۸ نویسه؛ رمزهای رایج و لو‌رفته پذیرفته نمی‌شوند."
        ltr
        required={required}
        autoFocus={autoFocus}
      />
      <TextField
        label={`تکرار ${label}`}
        name="password_confirmation"
        type="password"
        value={form.data.password_confirmation}
        onChange={(value) => form.setData('password_confirmation', value)}
        error={errors.password_confirmation}
        autoComplete="new-password"
        ltr
        required={required}
      />
    </>
  );
}
