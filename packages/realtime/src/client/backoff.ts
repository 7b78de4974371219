/**
 * Reconnect policy. Close codes follow pusher-js `getCloseAction`: 4000–4099 are refusals (no
 * retry), 4100–4199 retry after a backoff, 4200–4299 retry at once; anything else backs off.
 */
export type CloseAction = 'refused' | 'backoff' | 'immediate';

export function closeAction(code: number): CloseAction {
  if (code >= 4000 && code < 4100) return 'refused';
  if (code >= 4200 && code < 4300) return 'immediate';
  return 'backoff';
}

/** Exponential backoff from 1 s doubling to 30 s, with ±20 % jitter so clients do not stampede. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + random() * 0.4));
}
