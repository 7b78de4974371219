import type { Database } from '../../db/client';
import { previousJalaliMonth } from '../../lib/jalali-month';
import type { JobHandler, JobLog } from '../../platform/jobs';
import { everyMinute } from '../../platform/jobs';
import { issueMonthlyStatements } from './monthly-statements';

/**
 * `billing.monthly-statements`: the monthly usage statements, issued once a Jalali month has ended
 * in Tehran and an hour has passed (the usage tick's catch-up dates late minutes into the month
 * they were used). It runs every minute (jobs/every-minute.ts), but after a month is done this
 * process skips the work until the next month ends; a restart runs it once again, harmlessly
 * (one statement per customer and month).
 */
export const MONTHLY_STATEMENTS_JOB = 'billing.monthly-statements';

const GRACE_MS = 60 * 60_000;

export function ensureMonthlyStatements(db: Database, clock?: () => Date): Promise<void> {
  return everyMinute(MONTHLY_STATEMENTS_JOB, async () => {}, clock ? { clock } : {}).ensure(db);
}

export function createMonthlyStatementJobHandler(options: {
  db: Database;
  log?: JobLog;
  clock?: () => Date;
}): JobHandler {
  let done: string | null = null;
  const recurring = everyMinute(
    MONTHLY_STATEMENTS_JOB,
    async (now) => {
      const month = previousJalaliMonth(new Date(now.getTime() - GRACE_MS));
      if (done === month.key) return;
      const issued = await issueMonthlyStatements(options.db, month, now);
      if (issued > 0) options.log?.info({ month: month.key, issued }, 'monthly usage statements issued');
      done = month.key;
    },
    options.clock ? { clock: options.clock } : {},
  );
  return recurring.handler(options.db);
}
