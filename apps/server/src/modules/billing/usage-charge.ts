import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { machineLabels } from '../instances';
import type { User } from '../users';
import { usageSessions } from './tables';
import { dueMinutes, sessionLength, sessionMinute, usageKey } from './usage-minutes';
import { postLedgerEntry } from './wallet';

/**
 * Charges one wallet every machine-minute due by `now`, in the caller's transaction (which has
 * locked the owner's row): each unsettled session of the owner's machines minute by minute through
 * postLedgerEntry, dated by the minute and keyed `usage:{instance}:{minute}` (a re-run charges
 * nothing twice), then the session's progress; a closed session fully charged is settled. Only
 * minutes begun by `now` are due, so a run at a past `now` charges the past as it stood then. Returns
 * the balance after, the minutes charged and the hourly burn of the sessions still open.
 */
export async function chargeDueMinutes(
  tx: Database,
  owner: Pick<User, 'id' | 'balance'>,
  now: Date,
): Promise<{ balance: number; minutes: number; burn: number }> {
  const sessions = await tx
    .select()
    .from(usageSessions)
    .where(and(eq(usageSessions.userId, owner.id), isNull(usageSessions.settledAt)))
    .orderBy(asc(usageSessions.id))
    .for('update');
  const labels = await machineLabels(
    tx,
    sessions.map((s) => s.instanceId),
  );
  let balance = owner.balance;
  let minutes = 0;
  for (const session of sessions) {
    const due = dueMinutes(session, now);
    const label = labels.get(session.instanceId);
    for (let i = session.billedMinutes; i < due; i++) {
      const minute = sessionMinute(session, i);
      minutes++;
      if (minute.amount === 0) continue;
      const { entry } = await postLedgerEntry(tx, {
        userId: owner.id,
        type: 'usage',
        amount: -minute.amount,
        description: `کارکرد سرور «${label?.name ?? session.instanceId}»`,
        idempotencyKey: usageKey(session.instanceId, minute.at),
        reference: label?.uuid,
        allowNegative: true,
        at: minute.at,
      });
      balance = entry.balanceAfter;
    }
    await tx
      .update(usageSessions)
      .set({
        billedMinutes: Math.max(due, session.billedMinutes),
        // Settled once every minute it ran is charged (a run dated before its stop leaves some due).
        settledAt: session.endedAt && due >= sessionLength(session)! ? now : null,
      })
      .where(eq(usageSessions.id, session.id));
  }
  const burn = sessions.filter((s) => !s.endedAt).reduce((sum, s) => sum + s.pricePerHour, 0);
  return { balance, minutes, burn };
}
