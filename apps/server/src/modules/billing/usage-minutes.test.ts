import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chargedSpan,
  dueMinutes,
  minuteCharge,
  sessionLength,
  sessionMinute,
  usageKey,
} from './usage-minutes';

const at = (iso: string) => new Date(iso);

describe('per-minute charges', () => {
  it('sums any hour to the hourly price exactly, for any price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 59 }),
        (rate, from) => {
          let sum = 0;
          for (let i = from; i < from + 60; i++) sum += minuteCharge(rate, (i % 60) + 1);
          expect(sum).toBe(rate);
        },
      ),
    );
  });

  it('charges n minutes of a session floor(rate·n/60) within its first hour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 60 }), (rate, n) => {
        let sum = 0;
        for (let i = 0; i < n; i++)
          sum += sessionMinute({ startedAt: new Date(0), pricePerHour: rate }, i).amount;
        expect(sum).toBe(Math.floor((rate * n) / 60));
      }),
    );
  });

  it('spreads a price that does not divide by 60 without losing a Rial', () => {
    const charges = Array.from({ length: 60 }, (_, i) => minuteCharge(1_000_001, i + 1));
    expect(new Set(charges)).toEqual(new Set([16_666, 16_667]));
    expect(charges.reduce((a, b) => a + b, 0)).toBe(1_000_001);
  });
});

describe('due minutes', () => {
  it('charges the minute that has begun for a running machine', () => {
    const session = { startedAt: at('2026-11-26T10:00:30Z'), endedAt: null };
    expect(dueMinutes(session, at('2026-11-26T10:00:30Z'))).toBe(1);
    expect(dueMinutes(session, at('2026-11-26T10:00:59Z'))).toBe(1);
    expect(dueMinutes(session, at('2026-11-26T10:01:00Z'))).toBe(2);
    expect(dueMinutes(session, at('2026-11-26T11:00:00Z'))).toBe(61);
    expect(dueMinutes(session, at('2026-11-26T09:59:00Z'))).toBe(0);
  });

  it('counts every minute a stopped session touched, and none for an empty one', () => {
    const startedAt = at('2026-11-26T10:00:30Z');
    expect(dueMinutes({ startedAt, endedAt: at('2026-11-26T10:00:40Z') }, new Date())).toBe(1);
    expect(dueMinutes({ startedAt, endedAt: at('2026-11-26T10:02:00Z') }, new Date())).toBe(2);
    expect(dueMinutes({ startedAt, endedAt: at('2026-11-26T10:02:01Z') }, new Date())).toBe(3);
    expect(dueMinutes({ startedAt, endedAt: startedAt }, new Date())).toBe(0);
  });

  it('charges a stopped session only up to the minute begun by `now` (a tick that ran while it was still on)', () => {
    const session = { startedAt: at('2026-11-26T10:00:30Z'), endedAt: at('2026-11-26T12:30:10Z') };
    expect(dueMinutes(session, at('2026-11-26T09:00:00Z'))).toBe(0);
    expect(dueMinutes(session, at('2026-11-26T11:00:00Z'))).toBe(61);
    expect(dueMinutes(session, at('2026-11-26T12:30:05Z'))).toBe(151);
    expect(dueMinutes(session, at('2026-11-26T12:30:10Z'))).toBe(151);
    expect(dueMinutes(session, at('2026-11-27T00:00:00Z'))).toBe(151);
    expect(sessionLength(session)).toBe(151);
    expect(sessionLength({ startedAt: session.startedAt, endedAt: null })).toBeNull();
  });

  it('names each charged minute by its wall-clock start', () => {
    const session = { startedAt: at('2026-11-26T10:59:30Z'), pricePerHour: 600 };
    expect(sessionMinute(session, 1).at.toISOString()).toBe('2026-11-26T11:00:00.000Z');
    expect(usageKey(7, sessionMinute(session, 1).at)).toBe('usage:7:2026-11-26T11:00');
  });
});

describe('the range a charged duration is shown with', () => {
  // HH:MM on a Tehran clock, as the pages show it: seconds are never shown.
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tehran',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const clockMinutes = (at: Date) => {
    const [h, m] = clock.format(at).split(':').map(Number);
    return h! * 60 + m!;
  };

  it('shows times whose difference is the minutes charged, for any start and stop', () => {
    const year = Date.UTC(2026, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 * 24 * 3600 * 1000 }),
        fc.integer({ min: 1, max: 3 * 24 * 3600 * 1000 }),
        (offset, length) => {
          const session = { startedAt: new Date(year + offset), endedAt: new Date(year + offset + length) };
          const minutes = dueMinutes(session, session.endedAt);
          const { from, to } = chargedSpan(session.startedAt, minutes);
          expect(to.getTime() - from.getTime()).toBe(minutes * 60_000);
          // The clock times a page prints (seconds dropped) differ by the same minutes, modulo a day.
          expect((clockMinutes(to) - clockMinutes(from) + 1440) % 1440).toBe(minutes % 1440);
          // And the range holds the whole session: nothing charged falls outside what is shown.
          expect(from.getTime()).toBeLessThanOrEqual(session.startedAt.getTime());
          expect(to.getTime()).toBeGreaterThanOrEqual(session.endedAt.getTime());
        },
      ),
    );
  });

  it('reads 08:06:40 to 08:08:10 as three minutes from 08:06 to 08:09', () => {
    const session = { startedAt: at('2026-11-27T04:36:40Z'), endedAt: at('2026-11-27T04:38:10Z') };
    const minutes = dueMinutes(session, session.endedAt);
    expect(minutes).toBe(3);
    expect(chargedSpan(session.startedAt, minutes)).toEqual({
      from: at('2026-11-27T04:36:00Z'),
      to: at('2026-11-27T04:39:00Z'),
    });
  });
});
