/**
 * The farm's wall clock (docs/domain.md, schedules): weekday and time in Asia/Tehran, with the
 * Persian week (0 = شنبه … 6 = جمعه). Read through Intl so the zone's rules stay the platform's.
 */
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tehran',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const PERSIAN_WEEKDAY: Record<string, number> = { Sat: 0, Sun: 1, Mon: 2, Tue: 3, Wed: 4, Thu: 5, Fri: 6 };

export const WEEKDAY_NAMES = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه'] as const;

export function tehranClock(at: Date): { weekday: number; time: string } {
  const parts = Object.fromEntries(PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  return { weekday: PERSIAN_WEEKDAY[parts.weekday!]!, time: `${parts.hour}:${parts.minute}` };
}
