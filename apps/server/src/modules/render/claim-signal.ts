import { EventEmitter } from 'node:events';

/**
 * A nudge to this process's waiting claims that a task became claimable (queued, requeued,
 * released), so a node's long poll answers at once instead of at its next look. Only a nudge:
 * claims in another process find the task on their own next look (every second at most).
 */
const signal = new EventEmitter();
// Every waiting claim listens for a moment; none of them is a leak.
signal.setMaxListeners(0);

export function notifyTasksQueued(): void {
  signal.emit('queued');
}

/** Resolves on the next nudge or after `ms`, whichever is first; also when `abort` fires. */
export function waitForTasks(ms: number, abort?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.off('queued', done);
      abort?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal.on('queued', done);
    abort?.addEventListener('abort', done, { once: true });
  });
}
