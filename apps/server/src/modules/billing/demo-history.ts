import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockUser } from '../users/queries';
import { usageSessions } from './tables';
import { chargeDueMinutes } from './usage-charge';

const HOUR_MS = 60 * 60_000;

/**
 * The usage tick over the demo's past (docs/domain.md, Demo history): a wallet's usage sessions
 * (opened and closed by the instances' seed through the machines' rows) charged by the real
 * chargeDueMinutes in (after, until], at the end of each clock hour they ran, at each stop and at
 * `until`, in time order. A tick every minute would write the same lines; charging an hour per run
 * keeps the ledger's order its date order where two machines ran side by side.
 */
export async function chargeDemoPast(db: Database, userId: number, after: Date, until: Date): Promise<void> {
  const sessions = await db
    .select({ startedAt: usageSessions.startedAt, endedAt: usageSessions.endedAt })
    .from(usageSessions)
    .where(eq(usageSessions.userId, userId));
  const times = new Set<number>([until.getTime()]);
  for (const session of sessions) {
    const end = Math.min(session.endedAt?.getTime() ?? until.getTime(), until.getTime());
    // The last instant of each clock hour: that hour's minutes, and not the next one's first.
    for (let t = Math.ceil(session.startedAt.getTime() / HOUR_MS) * HOUR_MS; t < end; t += HOUR_MS) {
      times.add(t - 1);
    }
    if (session.endedAt) times.add(session.endedAt.getTime());
  }
  const runs = [...times].filter((t) => t > after.getTime() && t <= until.getTime()).sort((a, b) => a - b);
  for (const at of runs) {
    await db.transaction(async (tx) => {
      const owner = await lockUser(tx, userId);
      if (owner) await chargeDueMinutes(tx, owner, new Date(at));
    });
  }
}
