import { faNumber } from './persian';
import { tehranDayStart } from './tehran-day';

/**
 * Months of the Persian (Jalali) calendar as the farm counts them, in Asia/Tehran: «آبان ۱۴۰۵»
 * runs from the first instant of 1 Aban in Tehran to the first instant of 1 Azar. Read through
 * Intl's persian calendar, so the platform's calendar and zone rules stay the only source.
 */
export interface JalaliMonth {
  year: number;
  /** 1 (فروردین) … 12 (اسفند). */
  month: number;
  /** The first instant of the month in Tehran. */
  start: Date;
  /** The first instant of the next month (exclusive end). */
  end: Date;
  /** `1405-08`: the month in references (`usage:{instance}:1405-08`). */
  key: string;
  /** «آبان ۱۴۰۵». */
  label: string;
}

export const JALALI_MONTH_NAMES = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;

const PARTS = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const ISO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY_MS = 24 * 60 * 60_000;

/** The Tehran calendar day of an instant, ISO (`2026-11-26`). */
export function tehranIsoDay(at: Date): string {
  return ISO_DAY.format(at);
}

function jalaliParts(at: Date): { year: number; month: number; day: number } {
  const parts = Object.fromEntries(PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** An ISO day moved by whole days (calendar arithmetic, no zone involved). */
function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Jalali month an instant falls in, Tehran time. */
export function jalaliMonthOf(at: Date): JalaliMonth {
  const today = tehranIsoDay(at);
  // Noon of the day: far from any midnight, whatever the zone's offset that day.
  const noon = (isoDay: string) => new Date(tehranDayStart(isoDay).getTime() + DAY_MS / 2);
  const { year, month, day } = jalaliParts(noon(today));
  const first = addDays(today, -(day - 1));
  // Months have 29 to 31 days: the next month begins on the first day whose month differs.
  let next = addDays(first, 29);
  while (jalaliParts(noon(next)).month === month) next = addDays(next, 1);
  return {
    year,
    month,
    start: tehranDayStart(first),
    end: tehranDayStart(next),
    key: `${year}-${String(month).padStart(2, '0')}`,
    label: `${JALALI_MONTH_NAMES[month - 1]} ${faNumber(year)}`,
  };
}

/** The month before the one an instant falls in. */
export function previousJalaliMonth(at: Date): JalaliMonth {
  return jalaliMonthOf(new Date(jalaliMonthOf(at).start.getTime() - 1));
}
