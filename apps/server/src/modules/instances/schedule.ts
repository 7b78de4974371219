import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { instanceSchedules, instances } from './tables';
import { tehranClock } from './tehran-time';

/**
 * The weekly schedule of a machine (docs/domain.md, «برنامهٔ هفتگی»): on each Persian weekday it is
 * started at `start` and stopped at `stop`, Tehran time; a stop earlier than the start is the next
 * morning. The machine tick (machine-tick-job.ts) acts on the minutes where the schedule turns the
 * machine on or off, through the same power requests a customer makes.
 */

export interface ScheduleDay {
  weekday: number;
  /** `HH:MM`, 24-hour, Tehran. */
  start: string;
  stop: string;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;

/** Minutes since شنبه 00:00 of the Tehran week. */
function weekMinute(weekday: number, time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return weekday * DAY_MINUTES + hours! * 60 + minutes!;
}

/** Whether the schedule wants the machine on during this minute of the week. */
export function scheduledOn(days: readonly ScheduleDay[], minute: number): boolean {
  return days.some((day) => {
    const start = weekMinute(day.weekday, day.start);
    let length = weekMinute(day.weekday, day.stop) - start;
    // A stop before the start is the next day's (overnight).
    if (length <= 0) length += DAY_MINUTES;
    return (((minute - start) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES < length;
  });
}

export function floorMinute(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
}

/** What the schedule asks of one machine in a window of minutes: the last turn it takes there. */
export interface ScheduleTurn {
  instanceId: number;
  action: 'start' | 'stop';
  /** The minute it turns (UTC). */
  at: Date;
  /** The weekday and time it turns at, Tehran (for the activity log and the notice). */
  weekday: number;
  time: string;
}

/**
 * The machines (ready ones) whose schedule turns them on or off in the minutes `from`…`to`
 * (whole minutes, both included), each with its last turn there. A machine whose schedule turned
 * it on and off again inside the window (the worker was down for a while) is left alone: what it
 * would have done is already undone.
 */
export async function scheduleTurns(db: Database, from: Date, to: Date): Promise<ScheduleTurn[]> {
  const minutes: { at: Date; weekday: number; time: string; week: number }[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += MINUTE_MS) {
    const at = new Date(t);
    const { weekday, time } = tehranClock(at);
    minutes.push({ at, weekday, time, week: weekMinute(weekday, time) });
  }
  if (minutes.length === 0) return [];
  const times = [...new Set(minutes.map((m) => m.time))];
  // Only machines with a start or a stop at one of these clock times can turn now.
  const touched = await db
    .selectDistinct({ id: instanceSchedules.instanceId })
    .from(instanceSchedules)
    .innerJoin(instances, eq(instances.id, instanceSchedules.instanceId))
    .where(
      and(
        eq(instances.status, 'ready'),
        or(inArray(instanceSchedules.startTime, times), inArray(instanceSchedules.stopTime, times)),
      ),
    );
  if (touched.length === 0) return [];
  const rows = await db
    .select()
    .from(instanceSchedules)
    .where(
      inArray(
        instanceSchedules.instanceId,
        touched.map((t) => t.id),
      ),
    );
  const byInstance = new Map<number, ScheduleDay[]>();
  for (const row of rows) {
    const days = byInstance.get(row.instanceId) ?? [];
    days.push({ weekday: row.weekday, start: row.startTime, stop: row.stopTime });
    byInstance.set(row.instanceId, days);
  }
  const turns: ScheduleTurn[] = [];
  const first = minutes[0]!;
  const last = minutes.at(-1)!;
  for (const [instanceId, days] of byInstance) {
    const before = scheduledOn(days, first.week - 1);
    const after = scheduledOn(days, last.week);
    if (before === after) continue;
    let turn = first;
    let previous = before;
    for (const minute of minutes) {
      const on = scheduledOn(days, minute.week);
      if (on !== previous) turn = minute;
      previous = on;
    }
    turns.push({
      instanceId,
      action: after ? 'start' : 'stop',
      at: turn.at,
      weekday: turn.weekday,
      time: turn.time,
    });
  }
  return turns;
}
