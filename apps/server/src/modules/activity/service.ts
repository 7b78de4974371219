import { and, countDistinct, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idsWithRoles, type UserRole } from '../users/queries';
import { type ActivityEntry, activityLog } from './tables';

/** Where a request came from: routes pass `request.ip` and the User-Agent header. */
export interface RequestContext {
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
  /**
   * The sender's realtime socket (`X-Socket-ID`): the events of its own action skip it, as
   * Laravel's `toOthers()` does, so the acting tab does not reload on its own echo.
   */
  socketId?: string | undefined;
}

export interface ActivityInput extends RequestContext {
  /** Namespaced `area:thing.verb`, e.g. `auth:login`, `auth:2fa.enabled`, `token:created`. */
  event: string;
  actorId?: number | null | undefined;
  subject?: { type: string; id: string | number } | null | undefined;
  properties?: Record<string, unknown> | undefined;
  at?: Date | undefined;
}

const EVENT_PATTERN = /^[a-z][a-z0-9_]*:[a-z0-9_]+(\.[a-z0-9_]+)*$/;
// User agents are attacker-controlled text: keep enough to recognise a browser, not a payload.
const MAX_USER_AGENT = 500;

/**
 * Appends one entry to the activity log. Pass a transaction as `db` to write the entry together
 * with the change it records (the entry then exists exactly when the change does).
 */
export async function recordActivity(db: Database, input: ActivityInput): Promise<ActivityEntry> {
  if (!EVENT_PATTERN.test(input.event)) {
    throw new RangeError(`activity event must look like "area:thing.verb": ${input.event}`);
  }
  const [entry] = await db
    .insert(activityLog)
    .values({
      event: input.event,
      actorId: input.actorId ?? null,
      subjectType: input.subject?.type ?? null,
      subjectId: input.subject ? String(input.subject.id) : null,
      ipAddress: input.ip ?? null,
      userAgent: input.userAgent ? input.userAgent.slice(0, MAX_USER_AGENT) : null,
      properties: input.properties ?? {},
      ...(input.at ? { at: input.at } : {}),
    })
    .returning();
  return entry!;
}

/** A user's own entries, newest first, for the security overview; `before` pages by id. */
export async function findActivityForActor(
  db: Database,
  actorId: number,
  options: { limit?: number; before?: number; event?: string } = {},
): Promise<ActivityEntry[]> {
  const conditions = [eq(activityLog.actorId, actorId)];
  if (options.before) conditions.push(lt(activityLog.id, options.before));
  if (options.event) conditions.push(eq(activityLog.event, options.event));
  return db
    .select()
    .from(activityLog)
    .where(and(...conditions))
    .orderBy(desc(activityLog.id))
    .limit(Math.min(options.limit ?? 50, 200));
}

/**
 * How many different people did `event` since an instant (e.g. signed in this month); `roles`
 * counts only accounts of those roles, so staff do not inflate a customer figure.
 */
export async function distinctActorsSince(
  db: Database,
  event: string,
  since: Date,
  options: { roles?: UserRole[] } = {},
): Promise<number> {
  const conditions = [eq(activityLog.event, event), gte(activityLog.at, since)];
  if (options.roles) conditions.push(inArray(activityLog.actorId, idsWithRoles(db, options.roles)));
  const [row] = await db
    .select({ n: countDistinct(activityLog.actorId) })
    .from(activityLog)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/** The newest entries about one record (a machine's history on its View), newest first. */
export async function findActivityForSubject(
  db: Database,
  subject: { type: string; id: string | number },
  limit = 20,
): Promise<ActivityEntry[]> {
  return db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.subjectType, subject.type), eq(activityLog.subjectId, String(subject.id))))
    .orderBy(desc(activityLog.id))
    .limit(limit);
}

/** These events about one record, oldest first (a machine's running sessions). */
export async function findSubjectEvents(
  db: Database,
  subject: { type: string; id: string | number },
  events: string[],
): Promise<Pick<ActivityEntry, 'event' | 'at'>[]> {
  return db
    .select({ event: activityLog.event, at: activityLog.at })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.subjectType, subject.type),
        eq(activityLog.subjectId, String(subject.id)),
        inArray(activityLog.event, events),
      ),
    )
    .orderBy(activityLog.id);
}
