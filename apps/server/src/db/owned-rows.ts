import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** Deletes the rows of `table` owned by one account, but the one kept (by `keep` column), if given. */
export async function deleteOwnedRows<K extends string | number>(
  db: Database,
  table: PgTable,
  owner: AnyPgColumn,
  userId: number,
  keep?: { column: AnyPgColumn; value: K | null | undefined },
): Promise<void> {
  const mine: SQL = eq(owner, userId);
  await db.delete(table).where(keep?.value ? and(mine, ne(keep.column, keep.value))! : mine);
}
