import { and, desc, eq, gte, inArray, like, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { OwnedSubjects } from './subjects';
import { type ActivityEntry, activityLog } from './tables';

export interface OwnLogFilter {
  /** An event group (`instance`), or all. */
  group?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/**
 * A customer's own log (Panel/Activity/Show): what they did, and what was done to the records they
 * hold, their machines (by staff or by the farm itself), newest first, 25 a page.
 */
export async function ownActivity(
  db: Database,
  userId: number,
  owned: OwnedSubjects,
  filter: OwnLogFilter,
  page: number,
): Promise<{ rows: ActivityEntry[]; hasMore: boolean }> {
  const perPage = 25;
  const mine = or(
    eq(activityLog.actorId, userId),
    ...owned
      .filter(({ ids }) => ids.length > 0)
      .map(({ type, ids }) =>
        and(
          eq(activityLog.subjectType, type),
          inArray(
            activityLog.subjectId,
            ids.map((id) => String(id)),
          ),
        ),
      ),
  );
  const rows = await db
    .select()
    .from(activityLog)
    .where(
      and(
        mine,
        filter.group ? like(activityLog.event, `${filter.group}:%`) : undefined,
        filter.from ? gte(activityLog.at, filter.from) : undefined,
        filter.to ? lt(activityLog.at, filter.to) : undefined,
      ),
    )
    // By when it happened (the demo's history was written out of order), then as written.
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(perPage + 1)
    .offset((page - 1) * perPage);
  return { rows: rows.slice(0, perPage), hasMore: rows.length > perPage };
}
