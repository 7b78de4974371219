import { and, count, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../platform/jobs/tables';
import { activityLog } from '../activity/tables';
import { POWER_JOB } from './power-job-payload';
import { type Instance, instances } from './tables';

/** What the power tests look at to prove that a refused request changed nothing. */
export function powerProbes(db: () => Database) {
  return {
    reload: async (id: number): Promise<Instance> =>
      (await db().select().from(instances).where(eq(instances.id, id)))[0]!,
    // Power jobs only: broadcasts pass through the outbox, which holds jobs of its own.
    jobCount: async () =>
      (await db().select({ n: count() }).from(jobs).where(eq(jobs.name, POWER_JOB)))[0]!.n,
    powerActivity: async () =>
      (
        await db()
          .select({ n: count() })
          .from(activityLog)
          // The demo seed's made-up history is not what a test did.
          .where(
            and(like(activityLog.event, 'instance:power%'), sql`not (${activityLog.properties} ? 'demo')`),
          )
      )[0]!.n,
  };
}
