import type { InertiaFormProps } from '@renderfarm/react';

type Errors = Partial<Record<string, string | undefined>>;
type Data = Record<string, unknown>;

/**
 * The props that tie an input to one field of a form: its name, value, change handler and the
 * server's error for it. `<TextField label="ایمیل" {...bindField(form, errors, 'email')} {...EMAIL_INPUT} />`
 * instead of the same five lines on every field of every form.
 */
export function bindField<T extends Data, K extends keyof T & string>(
  form: InertiaFormProps<T>,
  errors: Errors,
  name: K,
) {
  return {
    name,
    value: form.data[name] as unknown as string,
    onChange: (value: string) => form.setData(name, value as T[K]),
    error: errors[name],
  };
}

/** The same for a checkbox (`checked` instead of `value`). */
export function bindCheckbox<T extends Data, K extends keyof T & string>(
  form: InertiaFormProps<T>,
  errors: Errors,
  name: K,
) {
  const { value, onChange, ...rest } = bindField(form, errors, name);
  return {
    ...rest,
    checked: value as unknown as boolean,
    onChange: onChange as unknown as (checked: boolean) => void,
  };
}

/**
 * The binders of a form that shows its own errors: `const { field, checkbox, radio } = formBinders(form)`,
 * then `<TextField label="نام" {...field('name')} />`, or `<input type="radio" {...radio('plan', 'pro')} />`
 * for one choice of several (its name, value, whether it is the one chosen, and choosing it).
 */
export function formBinders<T extends Data>(form: InertiaFormProps<T>) {
  const errors = form.errors as Errors;
  return {
    field: <K extends keyof T & string>(name: K) => bindField(form, errors, name),
    checkbox: <K extends keyof T & string>(name: K) => bindCheckbox(form, errors, name),
    radio: <K extends keyof T & string>(name: K, value: T[K]) => ({
      name,
      value: String(value),
      checked: form.data[name] === value,
      onChange: () => form.setData(name, value),
    }),
  };
}
