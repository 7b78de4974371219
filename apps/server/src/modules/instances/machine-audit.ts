import type { Database } from '../../db/client';
import { type ActivityInput, recordActivity, recordStaffAction } from '../activity';
import type { Instance } from './tables';

/** What staff's change of a machine says in the audit, before the machine's name. */
const SUMMARIES: Record<string, string> = {
  'instance:power.start': 'درخواست روشن کردن سرور',
  'instance:power.stop': 'درخواست خاموش کردن سرور',
  'instance:power.restart': 'درخواست راه‌اندازی دوبارهٔ سرور',
  'instance:delete.requested': 'درخواست حذف سرور',
  'instance:reinstall.requested': 'درخواست نصب دوبارهٔ سرور',
  'instance:suspended': 'تعلیق سرور',
  'instance:unsuspended': 'برداشتن تعلیق سرور',
  'instance:provision.retried': 'آماده‌سازی دوبارهٔ سرور',
  'instance:moved': 'انتقال سرور به میزبان دیگر',
};

/** The fields of a machine a staff action moves. */
const audited = (row: Instance) => ({
  status: row.status,
  power: row.power,
  resourceId: row.resourceId,
  portId: row.portId,
  suspendReason: row.suspendReason,
});

/**
 * One entry for a change of a machine: through the staff audit (summary, before → after) when
 * staff asked, with their reason; the plain activity entry when the owner or the farm did.
 */
export async function recordMachineChange(
  tx: Database,
  input: {
    event: string;
    actorId: number | null;
    staff: boolean;
    before: Instance;
    after: Instance;
    reason?: string | null | undefined;
    ip?: string | null | undefined;
    userAgent?: string | null | undefined;
    properties: Record<string, unknown>;
  },
) {
  const event = input.event as ActivityInput['event'];
  const subject = { type: 'instance', id: input.before.id };
  if (input.staff && input.actorId !== null) {
    const why = input.reason ? `؛ دلیل: ${input.reason}` : '';
    return recordStaffAction(tx, {
      event,
      actor: { actorId: input.actorId, ip: input.ip, userAgent: input.userAgent },
      subject: { ...subject, name: input.before.name },
      summary: `${SUMMARIES[input.event] ?? 'تغییر سرور'} «${input.before.name}»${why}`,
      before: audited(input.before),
      after: audited(input.after),
      properties: input.properties,
    });
  }
  return recordActivity(tx, {
    event,
    actorId: input.actorId,
    subject,
    ip: input.ip,
    userAgent: input.userAgent,
    properties: input.properties,
  });
}
