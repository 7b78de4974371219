import { and, desc, eq, gte, like, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { MachineCharge } from './contracts';
import { usageSessions, walletTransactions } from './tables';
import { chargedSpan } from './usage-minutes';

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
    const { from, to } = chargedSpan(session.startedAt, session.billedMinutes);
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
      from: from.toISOString(),
      to: to.toISOString(),
      amount: line?.amount ?? 0,
    });
  }
  return charges;
}

/** A machine's latest session as its owner reads it, with the range its charged minutes cover. */
export interface LatestMachineCharge {
  open: boolean;
  minutes: number;
  from: string;
  to: string;
  amount: number;
}

/**
 * The machine's latest session as its owner reads it on Panel/Instances/View: open (charged so
 * far) or the one just ended (its duration and final cost stay after the stop), or null before the
 * first start.
 */
export async function latestMachineCharge(
  db: Database,
  instanceId: number,
): Promise<LatestMachineCharge | null> {
  const [latest] = await machineCharges(db, instanceId, 1);
  if (!latest) return null;
  const { minutes, from, to, amount } = latest;
  return { open: latest.stop === null, minutes, from, to, amount };
}
