import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { usageSessions, walletTransactions } from '../modules/billing/tables';
import { postLedgerEntry } from '../modules/billing/wallet';
import { instances } from '../modules/instances/tables';
import { users } from '../modules/users/tables';

/**
 * The database side of the usage tick crash test (tests/crash/usage-tick-crash.test.ts): many
 * running machines of many customers, and a census of what the ticks charged them.
 */
export async function addRunningMachines(
  db: Database,
  options: { customers: number; machines: number; since: Date; balance: number },
): Promise<{ userIds: number[]; machineIds: number[] }> {
  // Only these machines run: sessions already open (the demo's) are settled out of the way.
  await db.update(usageSessions).set({ settledAt: new Date() });
  const [template] = await db.select().from(instances).limit(1);
  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: options.customers }, (_, i) => ({
        name: `مشتری آزمون ${i + 1}`,
        email: `usage-census-${i}-${options.since.getTime()}@example.test`,
      })),
    )
    .returning({ id: users.id });
  const userIds = owners.map((o) => o.id);
  for (const userId of userIds) {
    await postLedgerEntry(db, {
      userId,
      type: 'topup',
      amount: options.balance,
      description: 'شارژ آزمون',
      idempotencyKey: `usage-census:${userId}`,
    });
  }
  const machines = Array.from({ length: options.machines }, (_, i) => ({
    userId: userIds[i % userIds.length]!,
    hardwareId: template!.hardwareId,
    locationId: template!.locationId,
    imageId: template!.imageId,
    name: `سرور ${i + 1}`,
    status: 'ready' as const,
    power: 'running' as const,
    // Prices that do not divide by 60: minutes of one hour cost different amounts.
    pricePerHour: 600_000 + i * 1_007,
    runningSince: options.since,
    powerChangedAt: options.since,
  }));
  const rows: { id: number }[] = [];
  // 1,000 rows an INSERT: 10,000 machines in one would pass PostgreSQL's 65,535 parameters.
  for (let i = 0; i < machines.length; i += 1_000) {
    rows.push(
      ...(await db
        .insert(instances)
        .values(machines.slice(i, i + 1_000))
        .returning({ id: instances.id })),
    );
  }
  return { userIds, machineIds: rows.map((r) => r.id) };
}

export interface UsageCensus {
  /** billed_minutes of each open session of these machines. */
  billed: number[];
  usageLines: number;
  distinctKeys: number;
  /** Per customer: the cached balance, the ledger's sum and its last balance_after. */
  books: { balance: number; total: number; last: number }[];
}

export async function usageCensus(
  db: Database,
  machineIds: number[],
  userIds: number[],
): Promise<UsageCensus> {
  const sessions = await db
    .select({ billed: usageSessions.billedMinutes })
    .from(usageSessions)
    .where(and(inArray(usageSessions.instanceId, machineIds), isNull(usageSessions.settledAt)));
  const lines = await db
    .select({ key: walletTransactions.idempotencyKey })
    .from(walletTransactions)
    .where(and(inArray(walletTransactions.userId, userIds), eq(walletTransactions.type, 'usage')));
  const books = await db
    .select({
      balance: users.balance,
      // Written out: inside a subquery Drizzle's bare "id" would name the ledger's own column.
      total: sql<string>`coalesce((select sum(w.amount) from wallet_transactions w where w.user_id = "users"."id"), 0)`,
      last: sql<string>`(select w.balance_after from wallet_transactions w where w.user_id = "users"."id" order by w.id desc limit 1)`,
    })
    .from(users)
    .where(inArray(users.id, userIds));
  return {
    billed: sessions.map((s) => s.billed),
    usageLines: lines.length,
    distinctKeys: new Set(lines.map((l) => l.key)).size,
    books: books.map((b) => ({ balance: b.balance, total: Number(b.total), last: Number(b.last) })),
  };
}
