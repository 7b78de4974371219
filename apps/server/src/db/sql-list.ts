import { sql } from 'drizzle-orm';

/**
 * A fixed list of string literals for a CHECK constraint (`status in (…)`), written from the same
 * `as const` array the TypeScript type comes from, so the database and the code name the same
 * states. Only for constants in the source: the values are inlined, not bound.
 */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
