import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { DriveService } from '../drives';
import { searchUserIds, userNames } from '../users';
import type { StaffJobRow } from './contracts';
import { jobViews } from './job-pages';
import {
  type RenderJob,
  type RenderJobStatus,
  type RenderPriority,
  renderJobs,
  renderNodes,
  renderTaskAttempts,
  renderTasks,
} from './tables';

/*
 * Care's and admin's reads of render jobs: the lists with search and filters (stuck and failed
 * first), one job by its id, and what each row adds to the customer's view of it.
 */

export interface StaffJobFilter {
  /** An owner's name, e-mail or mobile; a job's name; the start of its uuid. */
  q?: string | undefined;
  status?: RenderJobStatus | undefined;
  priority?: RenderPriority | undefined;
  /** Jobs a node worked on (its uuid). */
  node?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const UUID_PREFIX = /^[0-9a-f-]{4,36}$/i;

export async function listStaffJobs(
  db: Database,
  filter: StaffJobFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: RenderJob[]; hasMore: boolean }> {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(renderJobs.status, filter.status) : undefined,
    filter.priority ? eq(renderJobs.priority, filter.priority) : undefined,
    filter.from ? gte(renderJobs.createdAt, filter.from) : undefined,
    filter.to ? lt(renderJobs.createdAt, filter.to) : undefined,
  ];
  const q = filter.q?.trim();
  if (q) {
    const owners = await searchUserIds(db, q);
    const matches: SQL[] = [ilike(renderJobs.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)];
    if (owners.length > 0) matches.push(inArray(renderJobs.userId, owners));
    if (UUID_PREFIX.test(q)) matches.push(sql`${renderJobs.uuid}::text like ${`${q.toLowerCase()}%`}`);
    conditions.push(or(...matches));
  }
  if (filter.node) {
    const worked = db
      .select({ jobId: renderTaskAttempts.jobId })
      .from(renderTaskAttempts)
      .innerJoin(renderNodes, eq(renderNodes.id, renderTaskAttempts.nodeId))
      .where(eq(renderNodes.uuid, filter.node))
      .union(
        db
          .select({ jobId: renderTasks.jobId })
          .from(renderTasks)
          .innerJoin(renderNodes, eq(renderNodes.id, renderTasks.nodeId))
          .where(eq(renderNodes.uuid, filter.node)),
      );
    conditions.push(inArray(renderJobs.id, worked));
  }
  const rows = await db
    .select()
    .from(renderJobs)
    .where(and(...conditions))
    .orderBy(
      sql`case when ${renderJobs.status} = 'failed' then 0 when ${renderJobs.status} = 'paused' then 1 else 2 end`,
      desc(renderJobs.id),
    )
    .limit(page.perPage + 1)
    .offset((page.page - 1) * page.perPage);
  return { rows: rows.slice(0, page.perPage), hasMore: rows.length > page.perPage };
}

/** A job by its id (staff pages), or null. */
export async function findJobById(db: Database, id: number): Promise<RenderJob | null> {
  const [job] = await db.select().from(renderJobs).where(eq(renderJobs.id, id));
  return job ?? null;
}

/** The rows as staff lists show them: the customer's view, the owner and the node seconds charged. */
export async function staffJobRows(
  db: Database,
  drives: DriveService,
  jobs: RenderJob[],
): Promise<StaffJobRow[]> {
  if (jobs.length === 0) return [];
  const views = await jobViews(db, drives, jobs);
  const owners = await userNames(
    db,
    jobs.map((j) => j.userId),
  );
  const seconds = await db
    .select({
      jobId: renderTasks.jobId,
      s: sql<number>`coalesce(sum(${renderTasks.renderSeconds}), 0)`.mapWith(Number),
    })
    .from(renderTasks)
    .where(
      and(
        inArray(
          renderTasks.jobId,
          jobs.map((j) => j.id),
        ),
        eq(renderTasks.status, 'completed'),
        eq(renderTasks.kind, 'render'),
      ),
    )
    .groupBy(renderTasks.jobId);
  const secondsOf = new Map(seconds.map((r) => [r.jobId, r.s]));
  return jobs.map((job, i) => ({
    ...views[i]!,
    id: job.id,
    owner: { id: job.userId, name: owners.get(job.userId)?.name ?? '' },
    render_seconds: secondsOf.get(job.id) ?? 0,
  }));
}
