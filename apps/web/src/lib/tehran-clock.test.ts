import { describe, expect, it } from 'vitest';
import { fromTehran, tehranParts } from './tehran-clock';

describe('Tehran wall-clock times', () => {
  it('reads an instant on Tehran’s clock, the day included (20:45 UTC is the next day)', () => {
    expect(tehranParts('2026-11-25T20:45:00Z')).toEqual({ date: '2026-11-26', time: '00:15' });
    expect(tehranParts('2026-06-01T06:30:00Z')).toEqual({ date: '2026-06-01', time: '10:00' });
  });

  it('turns a Tehran day and time into the instant, and back', () => {
    expect(fromTehran('2026-11-26', '10:00')).toBe('2026-11-26T06:30:00.000Z');
    expect(fromTehran('2026-11-26', '0:15')).toBe('2026-11-25T20:45:00.000Z');
    const iso = fromTehran('2027-03-21', '23:59')!;
    expect(tehranParts(iso)).toEqual({ date: '2027-03-21', time: '23:59' });
  });

  it('follows the summer time Iran kept until 2022 (+4:30)', () => {
    expect(fromTehran('2021-07-01', '10:00')).toBe('2021-07-01T05:30:00.000Z');
  });

  it('refuses what is not a day or a time', () => {
    expect(fromTehran('2026-11-26', '24:00')).toBeNull();
    expect(fromTehran('2026-11-26', '10')).toBeNull();
    expect(fromTehran('', '10:00')).toBeNull();
  });
});
