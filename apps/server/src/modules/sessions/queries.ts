import type { Database } from '../../db/client';
import { deleteOwnedRows } from '../../db/owned-rows';
import { sessions } from './tables';

/** Signs the account out everywhere (but the session being kept, when given): the rows go. */
export async function endUserSessions(db: Database, userId: number, keepSessionId?: string): Promise<void> {
  await deleteOwnedRows(db, sessions, sessions.userId, userId, { column: sessions.id, value: keepSessionId });
}
