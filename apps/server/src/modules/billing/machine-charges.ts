import { and, desc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usageSessions, walletTransactions } from './tables';
import { MINUTE_MS } from './usage-minutes';

/** One running stretch of a machine as billing kept it, with what the ledger charged for it. */
export interface MachineCharge {
  start: string;
  /** null while the session is still open. */
  stop: string | null;
  /** Minutes charged so far (every started minute is one ledger line). */
  minutes: number;
  /** Rial the ledger took for those minutes. */
  amount: number;
}

/**
 * A machine's charges, newest first, read from what billing keeps: its `usage_sessions` for the
 * stretches and the wallet's usage lines (`usage:{instance}:{minute}`) for the money. Nothing here
 * multiplies a price by minutes, so a page built on it shows exactly what the customer paid.
 */
export async function machineCharges(
  db: Database,
  instanceId: number,
  limit?: number,
): Promise<MachineCharge[]> {
  const query = db
    .select()
    .from(usageSessions)
    .where(eq(usageSessions.instanceId, instanceId))
    .orderBy(desc(usageSessions.startedAt), desc(usageSessions.id));
  const sessions = limit === undefined ? await query : await query.limit(limit);
  const charges: MachineCharge[] = [];
  for (const session of sessions) {
    const from = new Date(Math.floor(session.startedAt.getTime() / MINUTE_MS) * MINUTE_MS);
    const to = new Date(from.getTime() + session.billedMinutes * MINUTE_MS);
    const [line] = await db
      .select({
        amount: sql<number>`coalesce(-sum(${walletTransactions.amount}), 0)`.mapWith(Number),
      })
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.type, 'usage'),
          like(walletTransactions.idempotencyKey, `usage:${instanceId}:%`),
          gte(walletTransactions.createdAt, from),
          lt(walletTransactions.createdAt, to),
        ),
      );
    charges.push({
      start: session.startedAt.toISOString(),
      stop: session.endedAt?.toISOString() ?? null,
      minutes: session.billedMinutes,
      amount: line?.amount ?? 0,
    });
  }
  return charges;
}

/**
 * The machine's latest session as its owner reads it on Panel/Instances/View: open (charged so
 * far) or the one just ended (its final cost stays after the stop), or null before the first start.
 */
export async function latestMachineCharge(
  db: Database,
  instanceId: number,
): Promise<{ open: boolean; minutes: number; amount: number } | null> {
  const [latest] = await machineCharges(db, instanceId, 1);
  return latest ? { open: latest.stop === null, minutes: latest.minutes, amount: latest.amount } : null;
}
