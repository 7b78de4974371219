import { and, count, countDistinct, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { RequestContext } from '../../http/request-context';

export type { RequestContext } from '../../http/request-context';

import { idsWithRoles, type UserRole } from '../users';
import { type ActivityEntry, activityLog } from './tables';

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
      properties: input.impersonatorId
        ? { ...input.properties, impersonator_id: input.impersonatorId }
        : (input.properties ?? {}),
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

/** Admin/Audit's filters: who, what (an event, or a group as `billing:`), about what, when. */
export interface StaffActivityFilter {
  actorId?: number | undefined;
  event?: string | undefined;
  subject?: { type?: string | undefined; id: string } | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Event groups about a person's own account (signing in, their profile): not staff actions. */
const PERSONAL_GROUPS = ['auth', 'account', 'token'];

function staffActivityWhere(db: Database, filter: StaffActivityFilter): SQL | undefined {
  const conditions: SQL[] = [
    inArray(activityLog.actorId, idsWithRoles(db, ['care', 'admin'])),
    sql`split_part(${activityLog.event}, ':', 1) not in (${sql.join(
      PERSONAL_GROUPS.map((g) => sql`${g}`),
      sql`, `,
    )})`,
  ];
  if (filter.actorId) conditions.push(eq(activityLog.actorId, filter.actorId));
  if (filter.event) {
    conditions.push(
      filter.event.endsWith(':')
        ? sql`${activityLog.event} like ${`${filter.event.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : eq(activityLog.event, filter.event),
    );
  }
  if (filter.subject) {
    conditions.push(eq(activityLog.subjectId, filter.subject.id));
    if (filter.subject.type) conditions.push(eq(activityLog.subjectType, filter.subject.type));
  }
  if (filter.from) conditions.push(gte(activityLog.at, filter.from));
  if (filter.to) conditions.push(lt(activityLog.at, filter.to));
  return and(...conditions);
}

/**
 * What staff did (Admin/Audit): entries whose actor is care or admin, leaving out their own
 * sign-ins and profile, newest first. Read-only: the log is append-only (a trigger refuses
 * UPDATE and DELETE), and nothing here writes.
 */
export async function staffActivityPage(
  db: Database,
  filter: StaffActivityFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: ActivityEntry[]; total: number }> {
  const where = staffActivityWhere(db, filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(activityLog).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The same entries for a CSV, newest first, at most `limit`. */
export function staffActivityExport(db: Database, filter: StaffActivityFilter, limit: number) {
  return db
    .select()
    .from(activityLog)
    .where(staffActivityWhere(db, filter))
    .orderBy(desc(activityLog.id))
    .limit(limit);
}

/**
 * Which of these subjects («type:id») a staff deletion has removed (recordStaffAction marks it):
 * the audit shows their names but no longer links their pages.
 */
export async function deletedSubjects(
  db: Database,
  subjects: { type: string; id: string }[],
): Promise<Set<string>> {
  if (subjects.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ type: activityLog.subjectType, id: activityLog.subjectId })
    .from(activityLog)
    .where(
      and(
        inArray(activityLog.subjectId, [...new Set(subjects.map((s) => s.id))]),
        sql`${activityLog.properties}->>'subject_deleted' = 'true'`,
      ),
    );
  return new Set(rows.map((r) => `${r.type}:${r.id}`));
}

/** Staff who appear in the log as actors, for the actor filter. */
export async function staffActors(db: Database): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: activityLog.actorId })
    .from(activityLog)
    .where(inArray(activityLog.actorId, idsWithRoles(db, ['care', 'admin'])));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

/** How many entries of one event per Tehran day in [start, end) (+03:30 all year since 2022). */
export async function eventsByDay(
  db: Database,
  event: string,
  range: { start: Date; end: Date },
): Promise<{ day: string; n: number }[]> {
  const day = sql<string>`to_char((${activityLog.at} at time zone 'UTC') + interval '12600 seconds', 'YYYY-MM-DD')`;
  return db
    .select({ day, n: sql<number>`count(*)`.mapWith(Number) })
    .from(activityLog)
    .where(and(eq(activityLog.event, event), gte(activityLog.at, range.start), lt(activityLog.at, range.end)))
    .groupBy(day)
    .orderBy(day);
}
