import { describe, expect, it } from 'vitest';
import { formatRelative, formatWhen } from './relative-time';

const NOW = new Date('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('formatRelative', () => {
  it('says «همین حالا» under a minute', () => {
    expect(formatRelative(ago(20_000), NOW)).toBe('همین حالا');
  });

  it('counts minutes, hours and days in Persian', () => {
    expect(formatRelative(ago(5 * 60_000), NOW)).toBe('۵ دقیقه پیش');
    expect(formatRelative(ago(3 * 3_600_000), NOW)).toBe('۳ ساعت پیش');
    expect(formatRelative(ago(24 * 3_600_000), NOW)).toBe('دیروز');
    expect(formatRelative(ago(3 * 86_400_000), NOW)).toBe('۳ روز پیش');
  });

  it('rounds down to the whole unit', () => {
    expect(formatRelative(ago(119 * 60_000), NOW)).toBe('۱ ساعت پیش');
  });

  it('speaks of the future too', () => {
    expect(formatRelative(new Date(NOW.getTime() + 10 * 60_000), NOW)).toBe('۱۰ دقیقه بعد');
  });

  it('accepts ISO strings and ignores invalid input', () => {
    expect(formatRelative('2025-06-01T11:58:00Z', NOW)).toBe('۲ دقیقه پیش');
    expect(formatRelative('garbage', NOW)).toBe('');
  });
});

describe('formatWhen', () => {
  it('is relative within a week', () => {
    expect(formatWhen(ago(2 * 86_400_000), NOW)).toBe('پریروز');
    expect(formatWhen(ago(4 * 86_400_000), NOW)).toBe('۴ روز پیش');
  });

  it('is a Jalali date after a week', () => {
    expect(formatWhen('2025-03-20T20:30:00Z', NOW)).toBe('۱ فروردین ۱۴۰۴');
  });
});
