import { EventEmitter } from 'node:events';

/**
 * A nudge to this process's workers that a job was just queued, so they claim it now instead of
 * at their next poll. Only a nudge: a worker that misses it (another process, a job committed
 * later) still finds the job by polling.
 */
const signal = new EventEmitter();
// Every worker of a process listens (tests start several); none of them is a leak.
signal.setMaxListeners(0);

export function notifyJobsEnqueued(): void {
  signal.emit('enqueued');
}

/** Calls `listener` on each nudge; returns the function that stops listening. */
export function onJobsEnqueued(listener: () => void): () => void {
  signal.on('enqueued', listener);
  return () => signal.off('enqueued', listener);
}
