import { and, gte, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idsWithRoles, type UserRole, userNames } from '../users';
import { sessions } from './tables';

/** A person counts as online while one of their sessions was used in the last few minutes. */
export const ONLINE_WINDOW_MINUTES = 5;

/** Signed-in people of the given roles seen within the online window, once each. */
export async function onlineUsers(db: Database, roles: UserRole[], now: Date) {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60 * 1000);
  const seen = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(and(inArray(sessions.userId, idsWithRoles(db, roles)), gte(sessions.lastActivity, since)));
  const names = await userNames(
    db,
    seen.map((row) => row.userId!),
  );
  return [...names].map(([id, { name, role }]) => ({ id, name, role })).sort((a, b) => a.id - b.id);
}
