/**
 * Calendar days as the farm counts them, in Asia/Tehran: a filter's «از ۱ آذر تا ۵ آذر» means
 * from the start of 1 Azar to the end of 5 Azar in Tehran, whatever zone the server runs in. The
 * zone's offset on that day is read through Intl, so the platform's rules stay the only source.
 */
const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tehran', timeZoneName: 'longOffset' });

function offsetMinutes(at: Date): number {
  const name = OFFSET.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The first instant of an ISO day (`2026-11-24`) in Tehran. */
export function tehranDayStart(isoDay: string): Date {
  const utcMidnight = new Date(`${isoDay}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - offsetMinutes(utcMidnight) * 60_000);
}

/** The first instant of the next day: the end (exclusive) of an ISO day in Tehran. */
export function tehranDayEnd(isoDay: string): Date {
  return new Date(tehranDayStart(isoDay).getTime() + 24 * 60 * 60_000);
}
