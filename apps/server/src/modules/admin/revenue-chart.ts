import { JALALI_MONTH_NAMES } from '../../lib/jalali-month';
import type { DayMoney } from '../billing';

/**
 * Admin/Chart1's buckets: Tehran days grouped into Jalali days, weeks (Saturday to Friday) or
 * months, each with a Persian label and its ISO first and last day. Pure: the days come from
 * the ledger (billing/revenue.ts dailyMoney), the calendar from Intl's persian calendar.
 */
export const INTERVALS = ['day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

/** The longest period one chart covers: two years of days. */
export const MAX_DAYS = 731;

const DAY_MS = 86_400_000;
const PARTS = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const FA = new Intl.NumberFormat('fa-IR', { useGrouping: false });

export function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

// Intl's formatToParts costs microseconds, and a year's chart asks it for every day several times
// over (its buckets, labels and the days' sums): remembered, bounded so odd periods cannot grow it.
const JALALI_CACHE = new Map<string, { year: number; month: number; day: number }>();
const JALALI_CACHE_SIZE = 4096;

/** The Jalali date of a (Tehran) calendar day. */
export function jalaliOf(isoDay: string): { year: number; month: number; day: number } {
  const known = JALALI_CACHE.get(isoDay);
  if (known) return { ...known };
  const parts = Object.fromEntries(
    PARTS.formatToParts(new Date(`${isoDay}T12:00:00Z`)).map((p) => [p.type, p.value]),
  );
  const date = { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
  if (JALALI_CACHE.size >= JALALI_CACHE_SIZE) JALALI_CACHE.clear();
  JALALI_CACHE.set(isoDay, date);
  return { ...date };
}

function dayLabel(isoDay: string, withYear = false): string {
  const j = jalaliOf(isoDay);
  return `${FA.format(j.day)} ${JALALI_MONTH_NAMES[j.month - 1]}${withYear ? ` ${FA.format(j.year)}` : ''}`;
}

export interface Bucket {
  key: string;
  /** «۵ آذر», «هفتهٔ ۱ آذر», «آذر ۱۴۰۵». */
  label: string;
  /** First and last ISO day of the bucket inside the period. */
  from: string;
  to: string;
}

/** The bucket a day falls in: itself, the Saturday that starts its week, or its Jalali month. */
function bucketKey(isoDay: string, interval: Interval): string {
  if (interval === 'day') return isoDay;
  if (interval === 'week') {
    // getUTCDay: Saturday is 6; days since the Saturday before (or on) this day.
    const back = (new Date(`${isoDay}T00:00:00Z`).getUTCDay() + 1) % 7;
    return addDays(isoDay, -back);
  }
  const j = jalaliOf(isoDay);
  return `${j.year}-${String(j.month).padStart(2, '0')}`;
}

/** Every bucket of the period in order, clipped to it (a week may start before `from`). */
export function bucketsOf(from: string, to: string, interval: Interval): Bucket[] {
  const buckets = new Map<string, Bucket>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const key = bucketKey(day, interval);
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.to = day;
      continue;
    }
    const label =
      interval === 'day'
        ? dayLabel(day)
        : interval === 'week'
          ? `هفتهٔ ${dayLabel(key)}`
          : `${JALALI_MONTH_NAMES[jalaliOf(day).month - 1]} ${FA.format(jalaliOf(day).year)}`;
    buckets.set(key, { key, label, from: day, to: day });
  }
  return [...buckets.values()];
}

export interface RevenuePoint extends Bucket {
  topups: number;
  usage: number;
  refunds: number;
  /** Top-ups less refunds: the cash the farm kept. */
  net: number;
}

export interface RevenueTotals {
  topups: number;
  usage: number;
  refunds: number;
  net: number;
}

/** The days' money added up into the buckets (days outside the period are ignored). */
export function revenueSeries(
  days: DayMoney[],
  from: string,
  to: string,
  interval: Interval,
): RevenuePoint[] {
  const points = bucketsOf(from, to, interval).map((b) => ({
    ...b,
    topups: 0,
    usage: 0,
    refunds: 0,
    net: 0,
  }));
  const byKey = new Map(points.map((p) => [p.key, p]));
  for (const day of days) {
    if (day.day < from || day.day > to) continue;
    const point = byKey.get(bucketKey(day.day, interval));
    if (!point) continue;
    point.topups += day.topups;
    point.usage += day.usage;
    point.refunds += day.refunds;
    point.net = point.topups - point.refunds;
  }
  return points;
}

export function totalsOf(days: DayMoney[], from: string, to: string): RevenueTotals {
  const inside = days.filter((d) => d.day >= from && d.day <= to);
  const topups = inside.reduce((s, d) => s + d.topups, 0);
  const usage = inside.reduce((s, d) => s + d.usage, 0);
  const refunds = inside.reduce((s, d) => s + d.refunds, 0);
  return { topups, usage, refunds, net: topups - refunds };
}

/** The period of the same length just before (for «نسبت به دورهٔ قبل»). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

export interface UsagePoint extends Bucket {
  /** Machines running on average over the bucket's minutes. */
  running_avg: number;
  /** The most machines running in one minute of the bucket. */
  running_peak: number;
  machine_hours: number;
  new_machines: number;
  failed_provisioning: number;
}

/** Admin/Chart2's series: the days' usage, new machines and failures added up into the buckets. */
export function usageSeries(
  days: { day: string; minutes: number; peak: number }[],
  created: { day: string; n: number }[],
  failed: { day: string; n: number }[],
  from: string,
  to: string,
  interval: Interval,
): UsagePoint[] {
  const points = bucketsOf(from, to, interval).map((b) => ({
    ...b,
    minutes: 0,
    running_avg: 0,
    running_peak: 0,
    machine_hours: 0,
    new_machines: 0,
    failed_provisioning: 0,
  }));
  const byKey = new Map(points.map((p) => [p.key, p]));
  const at = (day: string) => (day < from || day > to ? undefined : byKey.get(bucketKey(day, interval)));
  for (const d of days) {
    const p = at(d.day);
    if (!p) continue;
    p.minutes += d.minutes;
    p.running_peak = Math.max(p.running_peak, d.peak);
  }
  for (const d of created) {
    const p = at(d.day);
    if (p) p.new_machines += d.n;
  }
  for (const d of failed) {
    const p = at(d.day);
    if (p) p.failed_provisioning += d.n;
  }
  return points.map(({ minutes, ...p }) => ({
    ...p,
    machine_hours: Math.round((minutes / 60) * 10) / 10,
    running_avg: Math.round((minutes / (daysBetween(p.from, p.to) * 1440)) * 100) / 100,
  }));
}
