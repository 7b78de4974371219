import type { Database } from '../../db/client';
import { enqueue } from '../jobs/queue';
import type { JobHandler } from '../jobs/registry';
import { MINUTE_MS } from './usage-minutes';
import { createUsageTick, type UsageTickOptions } from './usage-tick';

/**
 * `billing.usage-tick`: the usage tick once a minute, just after the minute turns. As the machine
 * tick does, the job queues its own next run in the transaction that ends it, under a singleton
 * key, so one tick runs at a time across every worker; `ensureUsageTick` (the module's
 * onWorkerStart) queues one if none is waiting. A tick killed midway is retried and charges only
 * what is still due.
 */
export const USAGE_TICK_JOB = 'billing.usage-tick';
const USAGE_TICK_KEY = 'billing:usage-tick';

export async function ensureUsageTick(db: Database, clock: () => Date = () => new Date()): Promise<void> {
  await enqueue(db, USAGE_TICK_JOB, {}, { singletonKey: USAGE_TICK_KEY, runAt: clock(), maxAttempts: 10 });
}

export function createUsageTickJobHandler(options: UsageTickOptions & { clock?: () => Date }): JobHandler {
  const clock = options.clock ?? (() => new Date());
  const tick = createUsageTick(options);
  return async (_job, context) => {
    const now = clock();
    const result = await tick.run(now);
    if (result.minutes > 0) options.log?.info(result, 'usage charged');
    const next = new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
    await options.db.transaction(async (tx) => {
      await context.finish(tx);
      await enqueue(tx, USAGE_TICK_JOB, {}, { singletonKey: USAGE_TICK_KEY, runAt: next, maxAttempts: 10 });
    });
  };
}
