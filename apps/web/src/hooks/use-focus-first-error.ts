import { type RefObject, useEffect } from 'react';

/**
 * After a submit comes back with errors, moves focus to the first invalid field of the form, so a
 * keyboard or screen-reader user lands on the problem (its message is read with it).
 */
export function useFocusFirstError(
  form: RefObject<HTMLElement | null>,
  errors: Record<string, unknown>,
): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [form, errors]);
}
