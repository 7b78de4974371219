/**
 * The public site's «is it out yet?» time: a post is shown once its publish time has passed by
 * this clock. It is the real time, except in browser tests (TESTING_HOOKS), where testing-routes.ts
 * may move it ahead with the scheduled-publish job, so a post scheduled for tomorrow can be seen
 * going live without waiting a day. Per process: the browser tests run one server.
 */
let aheadMs = 0;

export const contentNow = (): Date => new Date(Date.now() + aheadMs);

/** Moves the content clock on to `to` (never back before the real time); `null` returns to it. */
export function moveContentClock(to: Date | null): void {
  aheadMs = to ? Math.max(0, to.getTime() - Date.now()) : 0;
}
