import { describe, expect, it } from 'vitest';
import { jalaliMonthOf, previousJalaliMonth, tehranIsoDay } from './jalali-month';

describe('Jalali months in Tehran', () => {
  it('runs from Tehran midnight of the 1st to Tehran midnight of the next 1st', () => {
    const azar = jalaliMonthOf(new Date('2026-11-26T03:00:00Z'));
    expect(azar).toMatchObject({ year: 1405, month: 9, key: '1405-09', label: 'آذر ۱۴۰۵' });
    expect(azar.start.toISOString()).toBe('2026-11-21T20:30:00.000Z');
    expect(azar.end.toISOString()).toBe('2026-12-21T20:30:00.000Z');
  });

  it('reads an instant by Tehran’s clock, not UTC’s', () => {
    // 21:00 UTC on 21 November is already 1 Azar (00:30) in Tehran.
    expect(jalaliMonthOf(new Date('2026-11-21T21:00:00Z')).key).toBe('1405-09');
    expect(jalaliMonthOf(new Date('2026-11-21T20:29:59Z')).key).toBe('1405-08');
    expect(tehranIsoDay(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
  });

  it('knows months of 31, 30 and 29 days and the turn of the year', () => {
    const farvardin = jalaliMonthOf(new Date('2026-04-01T12:00:00Z'));
    expect(farvardin.key).toBe('1405-01');
    expect((farvardin.end.getTime() - farvardin.start.getTime()) / 86_400_000).toBe(31);
    const esfand = previousJalaliMonth(new Date('2026-03-25T12:00:00Z'));
    expect(esfand).toMatchObject({ year: 1404, month: 12, key: '1404-12', label: 'اسفند ۱۴۰۴' });
    expect((esfand.end.getTime() - esfand.start.getTime()) / 86_400_000).toBe(29);
    expect(esfand.end).toEqual(farvardin.start);
    const mehr = jalaliMonthOf(new Date('2026-10-01T12:00:00Z'));
    expect((mehr.end.getTime() - mehr.start.getTime()) / 86_400_000).toBe(30);
  });

  it('gives the month before, whatever day of the month it is', () => {
    for (const at of ['2026-11-22T00:00:00Z', '2026-12-10T12:00:00Z', '2026-12-21T20:00:00Z']) {
      expect(previousJalaliMonth(new Date(at)).key).toBe('1405-08');
    }
  });
});
