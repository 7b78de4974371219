import { describe, expect, it } from 'vitest';
import { tehranDayEnd, tehranDayStart } from './tehran-day';

describe('Tehran calendar days', () => {
  it('starts a day at Tehran midnight (UTC+3:30) and ends it 24 hours later', () => {
    expect(tehranDayStart('2026-11-24').toISOString()).toBe('2026-11-23T20:30:00.000Z');
    expect(tehranDayEnd('2026-11-24').toISOString()).toBe('2026-11-24T20:30:00.000Z');
    // Summer too: Iran keeps no daylight saving time since 2022.
    expect(tehranDayStart('2026-06-21').toISOString()).toBe('2026-06-20T20:30:00.000Z');
  });
});
