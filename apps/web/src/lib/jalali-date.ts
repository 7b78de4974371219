/**
 * Dates in the Persian (Jalali) calendar, Tehran time.
 *
 * The server sends ISO-8601 UTC strings; the browser's own ICU does the calendar conversion, so no
 * date library ships to the client. The time zone is fixed to Tehran: a customer abroad still sees
 * the times the invoices and support staff use.
 */

const LOCALE = 'fa-IR-u-ca-persian';
const TIME_ZONE = 'Asia/Tehran';

export type JalaliStyle = 'long' | 'short' | 'datetime' | 'time' | 'month' | 'year';

const OPTIONS: Record<JalaliStyle, Intl.DateTimeFormatOptions> = {
  // ۱ فروردین ۱۴۰۴
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  // ۱۴۰۴/۰۱/۰۱ (tables, where columns must line up)
  short: { year: 'numeric', month: '2-digit', day: '2-digit' },
  // ۱ فروردین ۱۴۰۴، ۱۴:۳۰
  datetime: {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  // ۱۴:۳۰
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  // فروردین (with the year, ICU puts the year first: «۱۴۰۴ فروردین»; say «فروردین ۱۴۰۴» by joining)
  month: { month: 'long' },
  // ۱۴۰۴
  year: { year: 'numeric' },
};

// Building a formatter is costly next to using one; lists format hundreds of dates.
const formatters = new Map<JalaliStyle, Intl.DateTimeFormat>();

function formatterFor(style: JalaliStyle): Intl.DateTimeFormat {
  let formatter = formatters.get(style);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { ...OPTIONS[style], timeZone: TIME_ZONE });
    formatters.set(style, formatter);
  }
  return formatter;
}

/** Reads an ISO string, a Date or epoch milliseconds; null when the value is not a valid date. */
export function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in the Persian calendar, Tehran time: "2025-03-20T20:30:00Z" → «۱ فروردین ۱۴۰۴». */
export function formatJalali(value: string | number | Date, style: JalaliStyle = 'long'): string {
  const date = toDate(value);
  return date ? formatterFor(style).format(date) : '';
}
