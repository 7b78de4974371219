/**
 * Wall-clock times in Tehran, for fields where staff type a time of day (an article's publish
 * time): the site runs on Tehran time whatever the browser's own zone is. Through Intl, so a
 * change of Iran's rules (summer time ended in 2022) needs no code here.
 */
const WALL = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tehran',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Tehran calendar day (`yyyy-mm-dd`, Gregorian) and time (`HH:MM`) of an instant. */
export function tehranParts(iso: string): { date: string; time: string } {
  const parts = Object.fromEntries(WALL.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant (ISO, UTC) of a Tehran day and `HH:MM`; null when either is not a real value. */
export function fromTehran(date: string, time: string): string | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time.trim());
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // Start from today's offset (+3:30), then correct by what that guess reads on Tehran's clock.
  let guess = wall - 210 * 60_000;
  for (let i = 0; i < 2; i++) {
    const seen = tehranParts(new Date(guess).toISOString());
    const [y, m, day] = seen.date.split('-').map(Number);
    const [h, min] = seen.time.split(':').map(Number);
    const shown = Date.UTC(y!, m! - 1, day!, h!, min!);
    if (shown === wall) break;
    guess += wall - shown;
  }
  return new Date(guess).toISOString();
}
