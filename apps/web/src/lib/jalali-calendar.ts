/**
 * Jalali calendar arithmetic for the date picker, on top of the browser's own Persian calendar
 * (ICU, `fa-IR-u-ca-persian`): no tables of our own to get wrong. Dates are calendar days (no
 * time of day), written as ISO `yyyy-mm-dd` on the wire.
 */
export interface JalaliDay {
  year: number;
  month: number; // 1…12
  day: number;
}

const PARTS = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Jalali day of a Gregorian ISO date (`2025-03-21` → 1404/1/1). */
export function toJalali(iso: string): JalaliDay {
  const parts = PARTS.formatToParts(new Date(`${iso}T00:00:00Z`));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

const compare = (a: JalaliDay, b: JalaliDay) => a.year - b.year || a.month - b.month || a.day - b.day;

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** The Gregorian ISO date of a Jalali day; null when the day does not exist (1403/12/31). */
export function toIso({ year, month, day }: JalaliDay): string | null {
  // Farvardin 1 falls on 20–21 March of year + 621; walk from a guess to the day.
  const guess = new Date(
    Date.UTC(year + 621, 2, 21 + (month <= 6 ? (month - 1) * 31 : 186 + (month - 7) * 30) + day - 1),
  );
  const target = { year, month, day };
  for (let step = 0; step < 8; step++) {
    const found = toJalali(isoOf(guess));
    const order = compare(found, target);
    if (order === 0) return isoOf(guess);
    guess.setUTCDate(guess.getUTCDate() + (order < 0 ? 1 : -1));
  }
  return null;
}

/** 31 days in the first six months, 30 in the next five, 29 or 30 in Esfand. */
export function daysInMonth(year: number, month: number): number {
  if (month <= 6) return 31;
  if (month <= 11) return 30;
  return toIso({ year, month: 12, day: 30 }) ? 30 : 29;
}

/** Saturday = 0 … Friday = 6: the Persian week, for laying out a month. */
export function weekdayOf(iso: string): number {
  return (new Date(`${iso}T00:00:00Z`).getUTCDay() + 1) % 7;
}

export const JALALI_MONTHS = [
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
