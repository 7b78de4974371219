import { setTimeout as delay } from 'node:timers/promises';
import type { DriverStatus, InstanceDriver } from './driver';
import { InstanceDriverTimeoutError } from './errors';

/** How a job waits on a driver: the step's timeout, the pause between polls, and (in tests) the clock. */
export interface DriverWaitOptions {
  timeoutMs: number;
  pollMs: number;
  clock: () => Date;
  sleep: (ms: number) => Promise<void>;
}

export const realSleep = (ms: number) => delay(ms).then(() => undefined);

/** Polls the machine's status until it is `target`; past the step's timeout, InstanceDriverTimeoutError. */
export async function waitForStatus(
  driver: InstanceDriver,
  ref: string,
  target: DriverStatus,
  options: DriverWaitOptions,
): Promise<void> {
  const deadline = options.clock().getTime() + options.timeoutMs;
  for (;;) {
    if ((await driver.status(ref)) === target) return;
    if (options.clock().getTime() >= deadline)
      throw new InstanceDriverTimeoutError(target, options.timeoutMs);
    await options.sleep(options.pollMs);
  }
}
