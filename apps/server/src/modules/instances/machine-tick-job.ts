import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { faDigits } from '../../lib/persian';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { JobHandler, JobLog } from '../../platform/jobs';
import { enqueue } from '../../platform/jobs';
import { findActivityForSubject, recordActivity } from '../activity';
import type { DriverResolver } from './driver';
import { runIdleStop } from './idle-stop';
import { noticeOwner } from './owner-notice';
import { floorMinute, type ScheduleTurn, scheduleTurns } from './schedule';
import type { InstanceService } from './service';
import { repairStuckPower } from './stuck-power';
import { instances } from './tables';
import { WEEKDAY_NAMES } from './tehran-time';

/**
 * `instance.tick`: once a minute, the weekly schedules' starts and stops of that minute, then
 * idle auto-stop, then machines stuck in a power change with no job behind them (stuck-power.ts). The worker has no cron, so the job queues its own next run (the next whole
 * minute) in the transaction that ends it; the singleton key keeps one tick queued or running
 * across every worker, so no minute runs twice. Each worker makes sure one is queued when it
 * starts (`ensureMachineTick`, the module's `onWorkerStart`).
 */
export const TICK_JOB = 'instance.tick';
export const TICK_KEY = 'instances:tick';

/**
 * How far back a tick catches up on schedule turns it missed (the worker was down): a machine due
 * to start an hour ago still starts; one due yesterday does not wake up now.
 */
export const TICK_CATCH_UP_MS = 60 * 60_000;

const MINUTE_MS = 60_000;

/** The first minute this run covers (ISO); a tick queued at worker start has none: just now. */
const tickPayload = z.object({ from: z.iso.datetime().optional() });

/** Queues the tick unless one is already queued or running (a no-op on every worker but the first). */
export async function ensureMachineTick(db: Database, clock: () => Date = () => new Date()): Promise<void> {
  await enqueue(db, TICK_JOB, {}, { singletonKey: TICK_KEY, runAt: clock(), maxAttempts: 10 });
}

export interface MachineTickOptions {
  db: Database;
  broadcaster: Broadcaster;
  drivers: DriverResolver;
  requestPower: InstanceService['requestPower'];
  clock?: () => Date;
  log?: JobLog;
}

/**
 * One minute range of the farm's clock: the schedule turns from `from` to `to`, then the idle pass
 * at `now`. The job runs it for the minutes since the last run; a test server's clock hook
 * (testing-routes.ts) runs it for a minute of its choosing. Returns whether the schedules were read
 * (when not, the next run covers these minutes again).
 */
export interface MachineTick {
  run(from: Date, to: Date, now: Date): Promise<boolean>;
}

export function createMachineTick(options: MachineTickOptions): MachineTick {
  const { db, broadcaster, log } = options;
  const publishFailed = (error: unknown) => log?.warn({ err: error }, 'tick event not published');

  /** A turn the rules refused: written once (a re-run of the same minute finds it) and told to the owner. */
  async function recordSkipped(turn: ScheduleTurn, error: DomainError): Promise<void> {
    await transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const [row] = await tx
          .select()
          .from(instances)
          .where(eq(instances.id, turn.instanceId))
          .for('update');
        if (!row) return;
        const at = turn.at.toISOString();
        const recent = await findActivityForSubject(tx, { type: 'instance', id: row.id }, 20);
        if (recent.some((e) => e.event === 'instance:schedule.skipped' && e.properties?.at === at)) return;
        await recordActivity(tx, {
          event: 'instance:schedule.skipped',
          actorId: null,
          subject: { type: 'instance', id: row.id },
          properties: {
            uuid: row.uuid,
            action: turn.action,
            at,
            weekday: turn.weekday,
            time: turn.time,
            code: error.code,
            reason: error.message,
          },
        });
        const verb = turn.action === 'start' ? 'روشن' : 'خاموش';
        await noticeOwner(tx, broadcast, {
          userId: row.userId,
          uuid: row.uuid,
          key: `schedule-${row.id}-${turn.at.getTime()}`,
          title: `برنامهٔ هفتگی: سرور «${row.name}» ${verb} نشد`,
          body: `طبق برنامهٔ هفتگی، این سرور باید ${WEEKDAY_NAMES[turn.weekday]} ساعت ${faDigits(turn.time)} ${verb} می‌شد، اما نشد: ${error.message}`,
        });
      },
      publishFailed,
    );
  }

  async function applyTurn(turn: ScheduleTurn): Promise<void> {
    const [row] = await db.select().from(instances).where(eq(instances.id, turn.instanceId));
    if (row?.status !== 'ready') return;
    // Already where the schedule wants it (the owner was first): nothing to ask.
    const there = turn.action === 'start' ? ['starting', 'running'] : ['stopping', 'stopped'];
    if (there.includes(row.power)) return;
    try {
      await options.requestPower({ id: row.userId }, { id: row.id }, turn.action, {
        actorId: null,
        via: 'schedule',
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Balance, identity, a limit, or a machine busy changing: recorded once, never retried.
      await recordSkipped(turn, error);
    }
  }

  return {
    async run(from, to, now) {
      const acted = new Set<number>();
      let read = true;
      try {
        for (const turn of await scheduleTurns(db, from, to)) {
          acted.add(turn.instanceId);
          await applyTurn(turn).catch((error) =>
            log?.error({ err: error, instanceId: turn.instanceId }, 'schedule turn failed'),
          );
        }
      } catch (error) {
        log?.error({ err: error }, 'schedule pass failed');
        read = false;
      }
      try {
        await runIdleStop(
          { db, drivers: options.drivers, requestPower: options.requestPower, log },
          now,
          acted,
        );
      } catch (error) {
        log?.error({ err: error }, 'idle pass failed');
      }
      try {
        await repairStuckPower({ db, broadcaster, drivers: options.drivers, log }, now);
      } catch (error) {
        log?.error({ err: error }, 'stuck machine pass failed');
      }
      return read;
    },
  };
}

export function createMachineTickJobHandler(options: MachineTickOptions): JobHandler {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const tick = createMachineTick(options);

  return async (job, context) => {
    const now = clock();
    const to = floorMinute(now);
    const parsed = tickPayload.safeParse(job.payload);
    const asked = parsed.success && parsed.data.from ? new Date(parsed.data.from) : to;
    const from = new Date(Math.max(asked.getTime(), to.getTime() - TICK_CATCH_UP_MS));
    // Schedules unread: the next run covers these minutes again.
    const next = (await tick.run(from, to, now))
      ? new Date(Math.max(from.getTime(), to.getTime() + MINUTE_MS))
      : from;

    await db.transaction(async (tx) => {
      await context.finish(tx);
      await enqueue(
        tx,
        TICK_JOB,
        { from: next.toISOString() },
        { singletonKey: TICK_KEY, runAt: new Date(to.getTime() + MINUTE_MS), maxAttempts: 10 },
      );
    });
  };
}
