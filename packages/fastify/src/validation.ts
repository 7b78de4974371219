import { ValidationError } from './errors';

/** The shape of a zod (v4) schema that the plugin uses; any zod schema fits. */
export interface SchemaLike<T> {
  safeParseAsync(
    input: unknown,
  ): Promise<
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  >;
}

/** Key for issues about the whole input (no path). */
export const FORM_ERROR_KEY = 'form';

/** First message per field, keyed by dot path (`items.0.name`), as Laravel's error bag shows them. */
export function firstMessages(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || FORM_ERROR_KEY;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** Parse `input` with `schema`, or throw a ValidationError carrying the per-field messages. */
export async function validate<T>(schema: SchemaLike<T>, input: unknown): Promise<T> {
  const result = await schema.safeParseAsync(input);
  if (result.success) return result.data;
  throw new ValidationError(firstMessages(result.error.issues));
}
