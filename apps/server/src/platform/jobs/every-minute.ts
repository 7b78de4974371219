import type { Database } from '../../db/client';
import { enqueue } from './queue';
import type { JobHandler } from './registry';

const MINUTE_MS = 60_000;

/**
 * A job that runs once a minute, just after the minute turns, on whichever worker claims it. The
 * worker has no cron, so the job queues its own next run in the transaction that ends it, under a
 * singleton key: one run at a time across every worker, and a crash mid-run retries the same run.
 * `ensure` (a module's onWorkerStart) queues one if none is waiting.
 */
export function everyMinute(
  name: string,
  run: (now: Date) => Promise<void>,
  options: { clock?: () => Date } = {},
): { ensure: (db: Database) => Promise<void>; handler: (db: Database) => JobHandler } {
  const clock = options.clock ?? (() => new Date());
  const key = `recurring:${name}`;
  return {
    ensure: async (db) => {
      await enqueue(db, name, {}, { singletonKey: key, runAt: clock(), maxAttempts: 10 });
    },
    handler: (db) => async (_job, context) => {
      const now = clock();
      await run(now);
      const next = new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
      await db.transaction(async (tx) => {
        await context.finish(tx);
        await enqueue(tx, name, {}, { singletonKey: key, runAt: next, maxAttempts: 10 });
      });
    },
  };
}
