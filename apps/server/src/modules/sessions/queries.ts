import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from './tables';

/** Signs the account out everywhere (but the session being kept, when given): the rows go. */
export async function endUserSessions(db: Database, userId: number, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}
