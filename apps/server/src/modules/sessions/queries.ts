import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteOwnedRows } from '../../db/owned-rows';
import { sessions } from './tables';

/** Signs the account out everywhere (but the session being kept, when given): the rows go. */
export async function endUserSessions(db: Database, userId: number, keepSessionId?: string): Promise<void> {
  await deleteOwnedRows(db, sessions, sessions.userId, userId, { column: sessions.id, value: keepSessionId });
}

/** Ends every session whose data holds `key` = `value` (the sessions made from one remember token). */
export async function endSessionsHolding(db: Database, key: string, value: string | number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(sql`${sessions.payload} -> 'data' ->> ${key} = ${String(value)}`)
    .returning({ id: sessions.id });
  return ended.length;
}
