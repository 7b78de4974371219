import { describe, expect, it } from 'vitest';
import { tehranClock } from './tehran-time';

describe('Tehran wall clock', () => {
  it('reads the Persian weekday and the time at UTC+03:30', () => {
    // Saturday 2026-11-28 05:30 UTC is شنبه 09:00 in Tehran.
    expect(tehranClock(new Date('2026-11-28T05:30:00Z'))).toEqual({ weekday: 0, time: '09:00' });
    // Friday 2026-11-27 21:00 UTC is already شنبه 00:30 in Tehran.
    expect(tehranClock(new Date('2026-11-27T21:00:00Z'))).toEqual({ weekday: 0, time: '00:30' });
    expect(tehranClock(new Date('2026-11-27T20:29:00Z'))).toEqual({ weekday: 6, time: '23:59' });
  });
});
