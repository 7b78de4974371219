import type { Errors } from '@renderfarm/react';
import { HttpResponse } from 'msw';

/**
 * The answer to a precognitive request (`Precognition: true`), as Laravel gives it: 204 with
 * `Precognition-Success: true` when the fields checked pass, otherwise 422 with
 * `{ message, errors: { field: [message] } }`. With `Precognition-Validate-Only: a,b` only those
 * fields are checked, so the errors of fields the user has not reached yet stay hidden.
 */
export function precognitionResponse(errors: Errors, validateOnly: string | undefined): Response {
  const fields = validateOnly
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const shown = Object.entries(errors).filter(([field]) => !fields || fields.includes(field));
  const headers = { Precognition: 'true', Vary: 'Precognition' };
  if (shown.length === 0) {
    return new HttpResponse(null, { status: 204, headers: { ...headers, 'Precognition-Success': 'true' } });
  }
  const [first] = shown;
  const more = shown.length - 1;
  return HttpResponse.json(
    {
      message: more ? `${first?.[1]} (and ${more} more error${more > 1 ? 's' : ''})` : first?.[1],
      errors: Object.fromEntries(shown.map(([field, message]) => [field, [message]])),
    },
    { status: 422, headers },
  );
}
