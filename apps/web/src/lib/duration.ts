import { formatNumber } from './digits';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long something has lasted, as people say it: «۲ ساعت و ۱۵ دقیقه», «۳ روز و ۴ ساعت». Two
 * units at most: an uptime read at a glance needs no seconds, and a machine on for days needs no
 * minutes.
 */
export function formatDuration(milliseconds: number): string {
  const ms = Math.max(0, milliseconds);
  if (ms < MINUTE) return 'کمتر از یک دقیقه';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const parts: [number, string][] =
    days > 0
      ? [
          [days, 'روز'],
          [hours, 'ساعت'],
        ]
      : [
          [hours, 'ساعت'],
          [minutes, 'دقیقه'],
        ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${formatNumber(value)} ${unit}`)
    .join(' و ');
}

/** Time since an ISO instant, or null when there is none (a machine that is not running). */
export function elapsedSince(iso: string | null, now: number | null): number | null {
  if (!iso || now === null) return null;
  const start = Date.parse(iso);
  return Number.isNaN(start) ? null : now - start;
}
