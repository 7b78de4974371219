import { describe, expect, it } from 'vitest';
import { formatJalali, toDate } from './jalali-date';

// 20:30 UTC on 20 March 2025 is 00:00 on 1 Farvardin 1404 in Tehran (UTC+3:30): the day differs
// between UTC and Tehran, so these tests fail if the time zone is not applied.
const NOWRUZ_1404 = '2025-03-20T20:30:00Z';

describe('formatJalali', () => {
  it('shows the Persian calendar date in Tehran time', () => {
    expect(formatJalali(NOWRUZ_1404)).toBe('۱ فروردین ۱۴۰۴');
  });

  it('shows the previous day one minute earlier', () => {
    // 1403 is a leap year, so Esfand has 30 days.
    expect(formatJalali('2025-03-20T20:29:00Z')).toBe('۳۰ اسفند ۱۴۰۳');
  });

  it('has a short numeric style for tables', () => {
    expect(formatJalali(NOWRUZ_1404, 'short')).toBe('۱۴۰۴/۰۱/۰۱');
  });

  it('shows the time on a 24-hour clock', () => {
    expect(formatJalali('2025-06-01T10:45:00Z', 'time')).toBe('۱۴:۱۵');
    expect(formatJalali('2025-06-01T10:45:00Z', 'datetime')).toContain('۱۱ خرداد ۱۴۰۴');
  });

  it('shows the year alone', () => {
    expect(formatJalali(NOWRUZ_1404, 'year')).toBe('۱۴۰۴');
  });

  it('names the month of the Tehran day', () => {
    expect(formatJalali(NOWRUZ_1404, 'month')).toBe('فروردین');
    expect(formatJalali('2025-03-20T20:29:00Z', 'month')).toBe('اسفند');
  });

  it('accepts Date objects and returns an empty string for invalid input', () => {
    expect(formatJalali(new Date(NOWRUZ_1404))).toBe('۱ فروردین ۱۴۰۴');
    expect(formatJalali('not a date')).toBe('');
    expect(toDate('nope')).toBeNull();
  });
});
