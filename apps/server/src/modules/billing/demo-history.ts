import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockUser } from '../users';
import { usageSessions } from './tables';
import { chargeDueMinutes } from './usage-charge';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The usage tick over the demo's past (docs/domain.md, Demo history): a wallet's usage sessions
 * (opened and closed by the instances' seed through the machines' rows) charged by the real
 * chargeDueMinutes in (after, until], in time order: at the end of each clock hour they ran, at
 * each stop, at the end of every minute in which two of them ran side by side, and at `until`. A
 * tick every minute would write the same lines; these runs are fewer and still leave the ledger's
 * order its date order.
 */
export async function chargeDemoPast(db: Database, userId: number, after: Date, until: Date): Promise<void> {
  const sessions = await db
    .select({ startedAt: usageSessions.startedAt, endedAt: usageSessions.endedAt })
    .from(usageSessions)
    .where(eq(usageSessions.userId, userId));
  const times = new Set<number>([until.getTime()]);
  const running = new Map<number, number>();
  for (const session of sessions) {
    const end = Math.min(session.endedAt?.getTime() ?? until.getTime(), until.getTime());
    // The last instant of each clock hour: that hour's minutes, and not the next one's first.
    for (let t = Math.ceil(session.startedAt.getTime() / HOUR_MS) * HOUR_MS; t < end; t += HOUR_MS) {
      times.add(t - 1);
    }
    if (session.endedAt) times.add(session.endedAt.getTime());
    for (let m = Math.floor(session.startedAt.getTime() / MINUTE_MS) * MINUTE_MS; m < end; m += MINUTE_MS) {
      running.set(m, (running.get(m) ?? 0) + 1);
    }
  }
  for (const [minute, machines] of running) if (machines > 1) times.add(minute + MINUTE_MS - 1);
  const runs = [...times].filter((t) => t > after.getTime() && t <= until.getTime()).sort((a, b) => a - b);
  for (const at of runs) {
    await db.transaction(async (tx) => {
      const owner = await lockUser(tx, userId);
      if (owner) await chargeDueMinutes(tx, owner, new Date(at));
    });
  }
}
