import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type UserRole, users } from '../users/tables';
import { sessions } from './tables';

/** A person counts as online while one of their sessions was used in the last few minutes. */
export const ONLINE_WINDOW_MINUTES = 5;

/** Signed-in people of the given roles seen within the online window, once each. */
export async function onlineUsers(db: Database, roles: UserRole[], now: Date) {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60 * 1000);
  const rows = await db
    .selectDistinctOn([users.id], { id: users.id, name: users.name, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(users.role, roles), gte(sessions.lastActivity, since)))
    .orderBy(users.id);
  return rows;
}
