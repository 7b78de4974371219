import { gte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobHandler } from '../../platform/jobs';
import { everyMinute } from '../../platform/jobs';
import { daysNotKept, keepLedgerDays, nextDay, tehranDayOf } from './ledger-days';
import { ledgerDays } from './tables';

/**
 * `billing.ledger-days`: keeps the ended Tehran days of the last two years (the reach of a
 * 12-month Chart1 against the year before it) as soon as they may be kept, so an admin's first
 * visit after midnight or after a deploy never sums a year of lines itself. A read still keeps a
 * day this has not reached (ledger-days.ts); a day a late line forgets is kept again here.
 */
export const LEDGER_DAYS_JOB = 'billing.ledger-days';
const REACH_DAYS = 731;

/** Keeps the ended days of the last REACH_DAYS not kept yet; how many it kept. */
export async function keepRecentLedgerDays(db: Database, now: Date): Promise<number> {
  const yesterday = nextDay(tehranDayOf(now), -1);
  const first = nextDay(yesterday, -(REACH_DAYS - 1));
  const kept = await db.select({ day: ledgerDays.day }).from(ledgerDays).where(gte(ledgerDays.day, first));
  const missing = daysNotKept(first, yesterday, new Set(kept.map((r) => r.day)));
  return keepLedgerDays(db, missing);
}

export function ensureLedgerDays(db: Database, clock?: () => Date): Promise<void> {
  return everyMinute(LEDGER_DAYS_JOB, async () => {}, clock ? { clock } : {}).ensure(db);
}

export function createLedgerDaysJobHandler(options: {
  db: Database;
  clock?: () => Date;
  log?: { info: (data: object, message: string) => void };
}): JobHandler {
  const recurring = everyMinute(
    LEDGER_DAYS_JOB,
    async (now) => {
      const kept = await keepRecentLedgerDays(options.db, now);
      if (kept > 0) options.log?.info({ kept }, 'ledger days kept');
    },
    options.clock ? { clock: options.clock } : {},
  );
  return recurring.handler(options.db);
}
