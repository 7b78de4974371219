/**
 * The jobs queue's public face (platform: infrastructure every module uses, knowing no business):
 * what the modules, the app and the worker may use of it. Everything else in this folder is its
 * own (module-boundaries.test.ts).
 */
export { everyMinute } from './every-minute';
export { discardQueued, enqueue, type Job, jobsForInstance, liveSingletonKeys, pruneFinished } from './queue';
export { type JobContext, type JobHandler, JobRegistry, withFailedStep } from './registry';
export { notifyJobsEnqueued } from './signal';
export { createWorker, JobAbandonedError, type JobLog, QuietRetryError, type Worker } from './worker';
