/**
 * Where "today" and "this month" begin for an Iranian business: midnight in Tehran, and the first
 * day of the Jalali (Solar Hijri) month. Iran dropped daylight saving in 2022, so a Tehran day is
 * always 24 hours long and stepping back whole days from midnight is exact.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const tehranParts = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
  timeZone: 'Asia/Tehran',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const jalaliDay = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: 'Asia/Tehran',
  day: 'numeric',
});

/** The instant Tehran's current day began. */
export function tehranDayStart(now: Date): Date {
  const parts = Object.fromEntries(tehranParts.formatToParts(now).map((p) => [p.type, p.value]));
  const sinceMidnight =
    (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000 +
    now.getMilliseconds();
  return new Date(now.getTime() - sinceMidnight);
}

/** The instant the current Jalali month began, Tehran time. */
export function jalaliMonthStart(now: Date): Date {
  const dayOfMonth = Number(jalaliDay.format(now));
  return new Date(tehranDayStart(now).getTime() - (dayOfMonth - 1) * DAY_MS);
}
