import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { toLatinDigits } from '../../lib/digits';
import { type RequestContext, recordActivity } from '../activity/service';
import type { User } from '../users/queries';
import { InstanceNotFoundError } from './errors';
import { instanceSchedules, instances } from './tables';

/**
 * The weekly schedule of a machine (docs/domain.md, «برنامهٔ هفتگی»): on each Persian weekday it is
 * started at `start` and stopped at `stop`, Tehran time; a stop earlier than the start is the next
 * morning. The machine tick (machine-tick-job.ts) acts on the minutes where the schedule turns the
 * machine on or off, through the same power requests a customer makes.
 */

/** 0 = شنبه … 6 = جمعه, as `instance_schedules.weekday` counts. */
export const PERSIAN_WEEKDAYS = [
  'شنبه',
  'یکشنبه',
  'دوشنبه',
  'سه‌شنبه',
  'چهارشنبه',
  'پنجشنبه',
  'جمعه',
] as const;

export interface ScheduleDay {
  weekday: number;
  /** `HH:MM`, 24-hour, Tehran. */
  start: string;
  stop: string;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;

// Iran has kept UTC+03:30 all year since 2022, but the zone database knows the history (and any
// future change): the offset is never written here as a constant.
const tehranParts = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
  timeZone: 'Asia/Tehran',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const WEEKDAY_OF: Record<string, number> = { Sat: 0, Sun: 1, Mon: 2, Tue: 3, Wed: 4, Thu: 5, Fri: 6 };

/** The Persian weekday and the `HH:MM` on a Tehran wall clock at this instant. */
export function tehranWeekTime(at: Date): { weekday: number; time: string } {
  const parts = Object.fromEntries(tehranParts.formatToParts(at).map((p) => [p.type, p.value]));
  const weekday = WEEKDAY_OF[parts.weekday ?? ''];
  if (weekday === undefined) throw new RangeError(`unexpected weekday ${parts.weekday}`);
  return { weekday, time: `${parts.hour}:${parts.minute}` };
}

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
    const { weekday, time } = tehranWeekTime(at);
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

const TIME_MESSAGE = 'ساعت را به شکل ۲۴ساعتهٔ «۰۹:۳۰» بنویسید (از ۰۰:۰۰ تا ۲۳:۵۹).';

/** `HH:MM` or `H:MM`, Persian or Latin digits; normalised to `HH:MM`. */
const clockTime = z.preprocess(
  (value) => (typeof value === 'string' ? toLatinDigits(value).trim() : value),
  z
    .string({ error: TIME_MESSAGE })
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE)
    .transform((value) => value.padStart(5, '0')),
);

const WEEKDAY_MESSAGE = 'روز هفته باید یکی از شنبه تا جمعه باشد.';

const scheduleDay = z
  .object({
    weekday: z.coerce
      .number({ error: WEEKDAY_MESSAGE })
      .int(WEEKDAY_MESSAGE)
      .min(0, WEEKDAY_MESSAGE)
      .max(6, WEEKDAY_MESSAGE),
    start: clockTime,
    stop: clockTime,
  })
  .refine((day) => day.start !== day.stop, {
    path: ['stop'],
    message: 'ساعت خاموش شدن با ساعت روشن شدن یکی است.',
  });

/** panel.instances.schedule: `{days: [{weekday, start, stop}]}`, the days the machine runs (none clears it). */
export const scheduleRequest = z.object({
  days: z
    .array(scheduleDay, { error: 'برنامهٔ هفتگی فرستاده نشد؛ صفحه را دوباره باز کنید.' })
    .max(7, 'برنامهٔ هفتگی بیش از هفت روز ندارد.')
    .default([])
    .superRefine(
      (days, ctx) => {
        if (!Array.isArray(days)) return;
        const seen = new Set<number>();
        (days as unknown[]).forEach((day, index) => {
          const weekday = Number((day as { weekday?: unknown } | null)?.weekday);
          if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) return;
          if (seen.has(weekday)) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'weekday'],
              message: `«${PERSIAN_WEEKDAYS[weekday]}» دو بار آمده است؛ برای هر روز یک بازه بگذارید.`,
            });
          }
          seen.add(weekday);
        });
      },
      // Reported beside a bad time on another day, not after it is fixed.
      { when: () => true },
    ),
});

export type ScheduleService = ReturnType<typeof createScheduleService>;

/** The schedule's rows of one machine, for the Edit page; and their replacement by the owner. */
export function createScheduleService(options: { db: Database; clock?: () => Date }) {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());

  return {
    async forInstance(instanceId: number): Promise<ScheduleDay[]> {
      const rows = await db
        .select()
        .from(instanceSchedules)
        .where(eq(instanceSchedules.instanceId, instanceId))
        .orderBy(asc(instanceSchedules.weekday));
      return rows.map((row) => ({ weekday: row.weekday, start: row.startTime, stop: row.stopTime }));
    },

    /** Replaces the machine's schedule with `days` (owner only; anything else is not found). */
    async replace(
      user: Pick<User, 'id'>,
      instanceId: number,
      days: ScheduleDay[],
      request: RequestContext = {},
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: instances.id, uuid: instances.uuid, status: instances.status })
          .from(instances)
          .where(and(eq(instances.id, instanceId), eq(instances.userId, user.id)))
          .for('update');
        if (!row || row.status === 'deleted') throw new InstanceNotFoundError();
        await tx.delete(instanceSchedules).where(eq(instanceSchedules.instanceId, row.id));
        const sorted = [...days].sort((a, b) => a.weekday - b.weekday);
        if (sorted.length > 0) {
          await tx.insert(instanceSchedules).values(
            sorted.map((day) => ({
              instanceId: row.id,
              weekday: day.weekday,
              startTime: day.start,
              stopTime: day.stop,
              createdAt: clock(),
            })),
          );
        }
        await recordActivity(tx, {
          event: 'instance:schedule.updated',
          actorId: user.id,
          subject: { type: 'instance', id: row.id },
          ip: request.ip,
          userAgent: request.userAgent,
          properties: { uuid: row.uuid, days: sorted },
        });
      });
    },
  };
}
