import type { InertiaFormProps } from '@renderfarm/react';
import { bindField } from '../ui/bind-field';
import { NAME_INPUT } from '../ui/input-presets';
import { TextField } from '../ui/TextField';

/** «نام و نام خانوادگی», first on every sign-up form, with the server's length limit. */
export function FullNameField<T extends { name: string }>({
  form,
  errors,
}: {
  form: InertiaFormProps<T>;
  errors: Record<string, string | undefined>;
}) {
  return (
    <TextField
      label="نام و نام خانوادگی"
      {...bindField(form, errors, 'name')}
      {...NAME_INPUT}
      required
      autoFocus
    />
  );
}
