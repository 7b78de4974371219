import type { ReloadOptions } from './types';

export interface PollOptions {
  /** Keep polling at full rate while the tab is hidden (default false: every 10th tick). */
  keepAlive?: boolean;
  /** Start at once (default true). */
  autoStart?: boolean;
}

export interface Poll {
  start: () => void;
  stop: () => void;
}

/** How many ticks a hidden tab skips for each one it sends, so background tabs cost little. */
export const HIDDEN_TAB_TICK_DIVISOR = 10;

export function createPoll(
  reload: (options: ReloadOptions) => unknown,
  interval: number,
  options: ReloadOptions | (() => ReloadOptions),
  { keepAlive = false, autoStart = true }: PollOptions,
): Poll {
  let timer: ReturnType<typeof setInterval> | undefined;
  let ticks = 0;
  const tick = () => {
    ticks += 1;
    if (!keepAlive && document.hidden && ticks % HIDDEN_TAB_TICK_DIVISOR !== 0) return;
    reload({ showProgress: false, ...(typeof options === 'function' ? options() : options) });
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    timer = setInterval(tick, interval);
  };
  if (autoStart) start();
  return { start, stop };
}
