import type { Database } from '../../db/client';
import type { JobHandler } from '../../platform/jobs';
import { everyMinute } from '../../platform/jobs';
import { createUsageTick, type UsageTickOptions } from './usage-tick';

/**
 * `billing.usage-tick`: the usage tick once a minute (jobs/every-minute.ts: one run at a time
 * across workers). A tick killed midway is retried and charges only what is still due.
 */
export const USAGE_TICK_JOB = 'billing.usage-tick';

export function ensureUsageTick(db: Database, clock?: () => Date): Promise<void> {
  return everyMinute(USAGE_TICK_JOB, async () => {}, clock ? { clock } : {}).ensure(db);
}

export function createUsageTickJobHandler(options: UsageTickOptions & { clock?: () => Date }): JobHandler {
  const tick = createUsageTick(options);
  const recurring = everyMinute(
    USAGE_TICK_JOB,
    async (now) => {
      const result = await tick.run(now);
      if (result.minutes > 0) options.log?.info(result, 'usage charged');
    },
    options.clock ? { clock: options.clock } : {},
  );
  return recurring.handler(options.db);
}
