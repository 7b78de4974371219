import type { InertiaFormProps } from '@renderfarm/react';
import { bindField } from '../ui/bind-field';
import { NAME_INPUT } from '../ui/input-presets';
import { TextField } from '../ui/TextField';

/**
 * Who writes and where the answer goes, side by side from 640 px: «نام و نام خانوادگی» and
 * «ایمیل یا شماره موبایل» (a keyboard with letters that takes digits too), as the contact and the
 * career forms ask them.
 */
export function SenderFields<T extends { name: string; contact: string }>({
  form,
  errors,
}: {
  form: InertiaFormProps<T>;
  errors: Record<string, string | undefined>;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField label="نام و نام خانوادگی" {...bindField(form, errors, 'name')} {...NAME_INPUT} required />
      <TextField
        label="ایمیل یا شماره موبایل"
        {...bindField(form, errors, 'contact')}
        autoComplete="email"
        inputMode="email"
        digits
        ltr
        required
      />
    </div>
  );
}
