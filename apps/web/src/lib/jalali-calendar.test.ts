import { describe, expect, it } from 'vitest';
import { daysInMonth, toIso, toJalali, weekdayOf } from './jalali-calendar';

describe('Jalali calendar', () => {
  it('converts known days both ways', () => {
    expect(toJalali('2025-03-21')).toEqual({ year: 1404, month: 1, day: 1 });
    expect(toJalali('2026-11-24')).toEqual({ year: 1405, month: 9, day: 3 });
    expect(toIso({ year: 1404, month: 1, day: 1 })).toBe('2025-03-21');
    expect(toIso({ year: 1403, month: 12, day: 30 })).toBe('2025-03-20');
    for (const iso of ['2024-02-29', '2025-09-22', '2026-01-01', '2030-12-31']) {
      expect(toIso(toJalali(iso))).toBe(iso);
    }
  });

  it('knows month lengths, Esfand of a leap year included, and refuses a day that does not exist', () => {
    expect(daysInMonth(1404, 1)).toBe(31);
    expect(daysInMonth(1404, 7)).toBe(30);
    expect(daysInMonth(1403, 12)).toBe(30);
    expect(daysInMonth(1404, 12)).toBe(29);
    expect(toIso({ year: 1404, month: 12, day: 30 })).toBeNull();
  });

  it('counts the week from Saturday', () => {
    expect(weekdayOf('2026-11-21')).toBe(0); // a Saturday
    expect(weekdayOf('2026-11-27')).toBe(6); // a Friday
  });
});
