/**
 * The arithmetic of per-minute billing (docs/domain.md, Usage), pure so it can be proved on its own.
 *
 * A session is billed by wall-clock minute: every minute in which the machine ran, even for a
 * second, is a started minute and is charged once (key `usage:{instance}:{minute}`). The i-th
 * minute of a session (from 0) is minute k = i mod 60 + 1 of its hour, and costs
 * floor(rate·k/60) − floor(rate·(k−1)/60): the sum over any 60 consecutive minutes telescopes to
 * the hourly rate exactly, with no fraction of a Rial lost or invented.
 */
export const MINUTE_MS = 60_000;

const floorMinute = (at: Date) => Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
const ceilMinute = (at: Date) => Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS;

/** What minute k (1…60) of an hour costs at `pricePerHour` Rial. */
export function minuteCharge(pricePerHour: number, k: number): number {
  return Math.floor((pricePerHour * k) / 60) - Math.floor((pricePerHour * (k - 1)) / 60);
}

/**
 * How many minutes of a session are due by `now`: every minute begun by then (the current one is
 * charged as it starts), and for a closed session no more than the minutes it touched. A tick runs
 * after the stop it sees, so for it a closed session is due whole; a run at an earlier `now` (the
 * demo's history, charged as the tick would have charged it then) takes only what had run by then.
 */
export function dueMinutes(session: { startedAt: Date; endedAt: Date | null }, now: Date): number {
  if (now.getTime() < session.startedAt.getTime()) return 0;
  const begun = (floorMinute(now) - floorMinute(session.startedAt)) / MINUTE_MS + 1;
  const length = sessionLength(session);
  return length === null ? begun : Math.min(begun, length);
}

/** Every minute a closed session touched (null while it is open): what settles it once charged. */
export function sessionLength(session: { startedAt: Date; endedAt: Date | null }): number | null {
  if (!session.endedAt) return null;
  if (session.endedAt.getTime() <= session.startedAt.getTime()) return 0;
  return (ceilMinute(session.endedAt) - floorMinute(session.startedAt)) / MINUTE_MS;
}

/** The i-th minute of a session: its start (the ledger key names it) and its charge. */
export function sessionMinute(
  session: { startedAt: Date; pricePerHour: number },
  i: number,
): { at: Date; amount: number } {
  return {
    at: new Date(floorMinute(session.startedAt) + i * MINUTE_MS),
    amount: minuteCharge(session.pricePerHour, (i % 60) + 1),
  };
}

/** `usage:{instance}:{minute}`, the minute as `2026-11-26T03:04` (UTC): one charge per machine-minute. */
export function usageKey(instanceId: number, minute: Date): string {
  return `usage:${instanceId}:${minute.toISOString().slice(0, 16)}`;
}

/**
 * The stretch of clock time `minutes` charged minutes cover, beginning with the minute of `first`:
 * from the start of the first charged minute to the end of the last. This is the one rule for a
 * duration shown with a time range («۳ دقیقه، از ۰۸:۰۶ تا ۰۸:۰۹»): billing counts every started
 * minute, so the range is the charged minutes' own, and to − from is always exactly `minutes`
 * (a machine on from 08:06:40 to 08:08:10 touched three minutes: 08:06, 08:07 and 08:08).
 */
export function chargedSpan(first: Date, minutes: number): { from: Date; to: Date } {
  const from = floorMinute(first);
  return { from: new Date(from), to: new Date(from + Math.max(0, minutes) * MINUTE_MS) };
}
