import { useRef } from 'react';
import { useFocusFirstError } from '../../hooks/use-focus-first-error';
import { useFormErrors } from '../../hooks/use-form-errors';

/**
 * The errors of a page's only form, with focus sent to the first invalid field when they arrive:
 * `formRef` goes on the `<form>` so the search for that field stays inside it.
 */
export function useFocusedErrors(form: { errors: Record<string, string | undefined> }) {
  const errors = useFormErrors(form);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  return { errors, formRef };
}
