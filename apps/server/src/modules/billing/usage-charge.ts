import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { machineLabels } from '../instances';
import type { User } from '../users';
import { usageSessions } from './tables';
import { dueMinutes, sessionLength, sessionMinute, usageKey } from './usage-minutes';
import { appendLedgerLines, type LedgerLine } from './wallet';

/**
 * Charges one wallet every machine-minute due by `now`, in the caller's transaction (which has
 * locked the owner's row): each unsettled session of the owner's machines minute by minute, each minute
 * one ledger line dated by the minute and keyed `usage:{instance}:{minute}` (a re-run charges
 * nothing twice), posted together (appendLedgerLines: one INSERT for the wallet's minutes, not a
 * statement round per minute), then every session's progress in one UPDATE; a closed session fully charged is settled. Only
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
  const lines: LedgerLine[] = [];
  const progress: { id: number; billedMinutes: number; settledAt: Date | null }[] = [];
  let minutes = 0;
  for (const session of sessions) {
    const due = dueMinutes(session, now);
    const label = labels.get(session.instanceId);
    for (let i = session.billedMinutes; i < due; i++) {
      const minute = sessionMinute(session, i);
      minutes++;
      if (minute.amount === 0) continue;
      lines.push({
        type: 'usage',
        amount: -minute.amount,
        description: `کارکرد سرور «${label?.name ?? session.instanceId}»`,
        idempotencyKey: usageKey(session.instanceId, minute.at),
        reference: label?.uuid,
        at: minute.at,
      });
    }
    progress.push({
      id: session.id,
      billedMinutes: Math.max(due, session.billedMinutes),
      // Settled once every minute it ran is charged (a run dated before its stop leaves some due).
      settledAt: session.endedAt && due >= sessionLength(session)! ? now : null,
    });
  }
  const { balance } = await appendLedgerLines(tx, owner, lines);
  await saveProgress(tx, progress);
  const burn = sessions.filter((s) => !s.endedAt).reduce((sum, s) => sum + s.pricePerHour, 0);
  return { balance, minutes, burn };
}

/** Every session's billed minutes and settlement in one statement (a VALUES list joined by id). */
async function saveProgress(
  tx: Database,
  progress: { id: number; billedMinutes: number; settledAt: Date | null }[],
): Promise<void> {
  if (progress.length === 0) return;
  const rows = progress.map(
    (p) =>
      sql`(${p.id}::bigint, ${p.billedMinutes}::integer, ${p.settledAt?.toISOString() ?? null}::timestamptz)`,
  );
  await tx.execute(sql`
    update ${usageSessions} s set billed_minutes = v.billed, settled_at = v.settled
    from (values ${sql.join(rows, sql`, `)}) as v(id, billed, settled)
    where s.id = v.id`);
}
