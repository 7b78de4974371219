import { formatJalali, toDate } from './jalali-date';

/**
 * "How long ago" in Persian («۵ دقیقه پیش», «دیروز») for recent events such as notifications and
 * ticket replies; older events read better as a calendar date.
 */

const relative = new Intl.RelativeTimeFormat('fa', { numeric: 'auto' });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Largest unit first; each applies once the distance reaches its length.
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** Relative time from `now`: past → «۵ دقیقه پیش», future → «۵ دقیقه بعد», under a minute → «همین حالا». */
export function formatRelative(value: string | number | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = date.getTime() - now.getTime();
  const distance = Math.abs(diff);
  // «اکنون» (what Intl gives for 0 seconds) is stiff; «همین حالا» is what people write.
  if (distance < MINUTE) return 'همین حالا';
  for (const [unit, length] of UNITS) {
    if (distance >= length) return relative.format(Math.trunc(diff / length), unit);
  }
  return 'همین حالا';
}

/** Relative within a week (notifications, replies), the Jalali date after that. */
export function formatWhen(value: string | number | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  return Math.abs(date.getTime() - now.getTime()) < 7 * DAY ? formatRelative(date, now) : formatJalali(date);
}
