import { describe, expect, it } from 'vitest';
import { jalaliMonthStart, tehranDayStart } from './tehran-calendar';

describe('Tehran calendar boundaries', () => {
  it('starts the day at midnight Tehran time (UTC+3:30), not UTC', () => {
    // 22:00 UTC on 20 Nov is 01:30 on 21 Nov in Tehran.
    expect(tehranDayStart(new Date('2026-11-20T22:00:00Z')).toISOString()).toBe('2026-11-20T20:30:00.000Z');
    // 19:00 UTC is still 22:30 on the same Tehran day.
    expect(tehranDayStart(new Date('2026-11-20T19:00:00Z')).toISOString()).toBe('2026-11-19T20:30:00.000Z');
  });

  it('starts the month on the first of the Jalali month', () => {
    // 21 Nov 2026 is 30 Aban 1405; Aban began on 23 Oct 2026.
    expect(jalaliMonthStart(new Date('2026-11-21T08:00:00Z')).toISOString()).toBe('2026-10-22T20:30:00.000Z');
    // 22 Nov 2026 is 1 Azar 1405: the month is one day old.
    expect(jalaliMonthStart(new Date('2026-11-22T08:00:00Z')).toISOString()).toBe('2026-11-21T20:30:00.000Z');
  });

  it('puts Nowruz at the start of Farvardin', () => {
    // 1 Farvardin 1405 = 21 March 2026.
    expect(jalaliMonthStart(new Date('2026-03-25T12:00:00Z')).toISOString()).toBe('2026-03-20T20:30:00.000Z');
  });
});
