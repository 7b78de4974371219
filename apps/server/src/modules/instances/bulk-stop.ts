import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import type { InstanceService, PowerRequestOptions } from './service';
import { checkPowerAction } from './state-machine';
import { instances } from './tables';

/** How many machines one bulk stop may name (a page of the admin list is 25). */
export const BULK_STOP_MAX = 100;

/**
 * Admin/Instances/List «خاموش کردن انتخاب‌شده‌ها»: each chosen machine that may stop now is asked
 * to, through the owner's ordinary stop (its own transaction, activity entry and power job), with
 * the admin's reason. One machine that cannot stop (already off, deleted, busy changing) is
 * counted and skipped; it does not hold back the others.
 */
export async function stopMachines(
  db: Database,
  requestPower: InstanceService['requestPower'],
  ids: readonly number[],
  request: PowerRequestOptions & { staff: { reason: string } },
): Promise<{ stopping: number; skipped: number }> {
  const rows =
    ids.length > 0
      ? await db
          .select()
          .from(instances)
          .where(inArray(instances.id, [...ids]))
      : [];
  let stopping = 0;
  for (const row of rows) {
    if (!checkPowerAction(row.status, row.power, 'stop').allowed) continue;
    try {
      await requestPower({ id: row.userId }, row, 'stop', request);
      stopping += 1;
    } catch (error) {
      // Changed between the read and its lock (the owner stopped it first): skipped, not failed.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return { stopping, skipped: ids.length - stopping };
}
