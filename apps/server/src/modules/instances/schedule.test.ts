import { describe, expect, it } from 'vitest';
import { type ScheduleDay, scheduledOn } from './schedule';
import { tehranClock } from './tehran-time';
import { scheduleRequest } from './validators';

const PERSIAN = /[\u0600-\u06FF]/;
const week = (weekday: number, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return weekday * 1440 + h! * 60 + m!;
};

describe('the Tehran week clock', () => {
  it('reads the Persian weekday and the wall-clock time in Tehran (UTC+03:30, no daylight saving)', () => {
    // Saturday 4 May 2030, 05:30 UTC = شنبه 09:00 in Tehran.
    expect(tehranClock(new Date('2030-05-04T05:30:00Z'))).toEqual({ weekday: 0, time: '09:00' });
    // Friday 22:00 UTC is already Saturday 01:30 in Tehran.
    expect(tehranClock(new Date('2030-05-03T22:00:00Z'))).toEqual({ weekday: 0, time: '01:30' });
    // Friday 20:29 UTC is جمعه 23:59; a minute later the week starts again.
    expect(tehranClock(new Date('2030-05-03T20:29:00Z'))).toEqual({ weekday: 6, time: '23:59' });
    expect(tehranClock(new Date('2030-05-03T20:30:00Z'))).toEqual({ weekday: 0, time: '00:00' });
    // Summer and winter alike (Iran dropped daylight saving in 2022).
    expect(tehranClock(new Date('2030-01-05T05:30:00Z'))).toEqual({ weekday: 0, time: '09:00' });
  });
});

describe('which minutes a schedule wants the machine on', () => {
  const office: ScheduleDay[] = [{ weekday: 0, start: '09:00', stop: '18:00' }];

  it('from the start minute up to, not including, the stop minute of that weekday', () => {
    expect(scheduledOn(office, week(0, '08:59'))).toBe(false);
    expect(scheduledOn(office, week(0, '09:00'))).toBe(true);
    expect(scheduledOn(office, week(0, '17:59'))).toBe(true);
    expect(scheduledOn(office, week(0, '18:00'))).toBe(false);
    // Not on another day.
    expect(scheduledOn(office, week(1, '10:00'))).toBe(false);
  });

  it('runs overnight into the next day when the stop is before the start, جمعه into شنبه too', () => {
    const night: ScheduleDay[] = [{ weekday: 4, start: '20:00', stop: '08:00' }];
    expect(scheduledOn(night, week(4, '19:59'))).toBe(false);
    expect(scheduledOn(night, week(4, '23:59'))).toBe(true);
    expect(scheduledOn(night, week(5, '07:59'))).toBe(true);
    expect(scheduledOn(night, week(5, '08:00'))).toBe(false);
    const friday: ScheduleDay[] = [{ weekday: 6, start: '22:00', stop: '02:00' }];
    expect(scheduledOn(friday, week(0, '01:00'))).toBe(true);
    expect(scheduledOn(friday, week(0, '02:00'))).toBe(false);
  });
});

describe('panel.instances.schedule input', () => {
  const parse = (days: unknown) => scheduleRequest.safeParse({ days });
  const errors = (days: unknown) => {
    const result = parse(days);
    if (result.success) throw new Error('expected errors');
    return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('takes Persian digits and a one-digit hour, and sends back HH:MM', () => {
    const result = parse([{ weekday: '0', start: '۹:۳۰', stop: '۱۸:۰۰' }]);
    expect(result.success && result.data.days).toEqual([{ weekday: 0, start: '09:30', stop: '18:00' }]);
    expect(parse([]).success).toBe(true);
  });

  it('refuses a stop equal to the start, in Persian, on the stop field', () => {
    expect(errors([{ weekday: 2, start: '09:00', stop: '۰۹:۰۰' }])['days.0.stop']).toBe(
      'ساعت خاموش شدن با ساعت روشن شدن یکی است.',
    );
  });

  it('refuses bad times, unknown weekdays and a day given twice, each on its own field at once', () => {
    const found = errors([
      { weekday: 0, start: '24:00', stop: '18:00' },
      { weekday: 7, start: '09:00', stop: '18:00' },
      { weekday: 1, start: '09:00', stop: '9' },
      { weekday: 0, start: '10:00', stop: '11:00' },
    ]);
    expect(found['days.0.start']).toMatch(PERSIAN);
    expect(found['days.1.weekday']).toMatch(PERSIAN);
    expect(found['days.2.stop']).toMatch(PERSIAN);
    expect(found['days.3.weekday']).toContain('شنبه');
    expect(
      errors(Array.from({ length: 8 }, (_, i) => ({ weekday: i % 7, start: '09:00', stop: '10:00' }))),
    ).toHaveProperty('days');
    expect(errors('همه روزها').days).toMatch(PERSIAN);
  });
});
