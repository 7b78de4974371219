import type { Config } from './config';
import type { Database } from './db/client';
import {
  BROADCAST_JOB,
  type Broadcaster,
  createBroadcastJobHandler,
} from './modules/broadcasting/broadcaster';
import { createDriverResolver } from './modules/instances/drivers';
import { createPowerJobHandler } from './modules/instances/power-job';
import { POWER_JOB } from './modules/instances/power-job-payload';
import { createSimulatedDriver } from './modules/instances/simulated-driver';
import { JobRegistry } from './modules/jobs/registry';
import type { JobLog } from './modules/jobs/worker';

/**
 * Every job handler of the app, built once per process: the app registers them for its
 * in-process worker, and `pnpm worker` (src/worker.ts) for a worker of its own.
 */
export function createJobHandlers(deps: {
  config: Config;
  db: Database;
  broadcaster: Broadcaster;
  log: JobLog;
}): JobRegistry {
  const simulated = createSimulatedDriver({ latencyMs: deps.config.INSTANCE_SIMULATED_LATENCY_MS });
  const drivers = createDriverResolver({ simulated });
  return new JobRegistry().register(BROADCAST_JOB, createBroadcastJobHandler(deps.broadcaster)).register(
    POWER_JOB,
    createPowerJobHandler({
      db: deps.db,
      broadcaster: deps.broadcaster,
      drivers,
      pollMs: 500,
      log: deps.log,
    }),
  );
}
