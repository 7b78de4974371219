import { describe, expect, it } from 'vitest';
import { elapsedSince, formatDuration } from './duration';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('formatDuration', () => {
  it('says «less than a minute» rather than zero', () => {
    expect(formatDuration(0)).toBe('کمتر از یک دقیقه');
    expect(formatDuration(59_000)).toBe('کمتر از یک دقیقه');
  });

  it('gives hours and minutes in Persian digits, leaving out a zero unit', () => {
    expect(formatDuration(15 * MINUTE)).toBe('۱۵ دقیقه');
    expect(formatDuration(2 * HOUR + 15 * MINUTE)).toBe('۲ ساعت و ۱۵ دقیقه');
    expect(formatDuration(3 * HOUR + 20_000)).toBe('۳ ساعت');
  });

  it('counts days and hours once a day has passed', () => {
    expect(formatDuration(3 * 24 * HOUR + 4 * HOUR + 59 * MINUTE)).toBe('۳ روز و ۴ ساعت');
    expect(formatDuration(24 * HOUR + 30 * MINUTE)).toBe('۱ روز');
  });
});

describe('elapsedSince', () => {
  it('measures from an ISO instant and is null without one', () => {
    const now = Date.parse('2025-03-20T12:00:00Z');
    expect(elapsedSince('2025-03-20T10:30:00Z', now)).toBe(90 * MINUTE);
    expect(elapsedSince(null, now)).toBeNull();
    expect(elapsedSince('not a date', now)).toBeNull();
  });
});
