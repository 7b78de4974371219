import { JobAbandonedError } from '../../platform/jobs';
import { InstanceDriverError, InstanceDriverTimeoutError } from './errors';
import type { DriverFailureCode } from './failure-codes';

/** The code of whatever a driver call or a job threw (errors from outside the drivers: `unknown`). */
export function failureCodeOf(error: unknown): DriverFailureCode {
  if (error instanceof InstanceDriverTimeoutError) return 'host_timeout';
  if (error instanceof InstanceDriverError) return error.failure;
  if (error instanceof JobAbandonedError) return 'job_abandoned';
  return 'unknown';
}
