import { usePage } from '../app/protocol';

/**
 * The errors of a page's only form: the form's own after a submit, else the page's `errors` (a
 * page that arrived with errors by a full load, e.g. after a redirect the client did not make).
 * Pages with several forms read each form's own errors only, so one form's «password» error does
 * not show under another's.
 */
export function useFormErrors(form: {
  errors: Record<string, string | undefined>;
}): Record<string, string | undefined> {
  const pageErrors = usePage().props.errors as Record<string, string | undefined> | undefined;
  return Object.keys(form.errors).length > 0 ? form.errors : (pageErrors ?? {});
}
