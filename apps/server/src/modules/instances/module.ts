import type { AppModule } from '../app-module';
import { instancesApiDescription } from './api-description';
import { instanceApiRoutes } from './api-routes';
import { createDestroyJobHandler } from './destroy-job';
import { createDriverResolver } from './drivers';
import { DESTROY_JOB, PROVISION_JOB } from './job-names';
import type { MachineMoney } from './machine-money';
import { instanceMachineRoutes } from './machine-routes';
import { createMachineTickJobHandler, ensureMachineTick, TICK_JOB } from './machine-tick-job';
import { machinesBlocker } from './machines-blocker';
import { instancePanelRoutes } from './panel-routes';
import { createPowerJobHandler } from './power-job';
import { POWER_JOB } from './power-job-payload';
import { createProvisionJobHandler } from './provision-job';
import { seedDemoInstances } from './seed';
import { createInstanceService, type InstanceService, ownsInstance } from './service';
import { createSimulatedDriver } from './simulated-driver';
import { staffMachineRoutes } from './staff-routes';
import { createStaffMachines, type StaffMachines } from './staff-service';
import { machineLabels, ownedInstanceIds } from './summaries';
import { instanceTestingRoutes } from './testing-routes';

declare module '../../service-types' {
  interface Services {
    instances: InstanceService;
    staffMachines: StaffMachines;
    /** Provided by billing (machine-money.ts). */
    machineMoney: MachineMoney;
  }
}

/** Rented machines: their life (state machine, drivers, power jobs), panel pages and API. */
export const instancesModule: AppModule = {
  name: 'instances',
  apiDescription: instancesApiDescription,
  routes: [
    instanceApiRoutes,
    instancePanelRoutes,
    instanceMachineRoutes,
    staffMachineRoutes,
    instanceTestingRoutes,
  ],
  // A customer's own log also lists what happened to their machines, by the machine's name.
  activitySubjects: [
    {
      type: 'instance',
      ownedBy: ownedInstanceIds,
      names: async (db, ids) =>
        new Map([...(await machineLabels(db, ids))].map(([id, { name }]) => [id, name])),
    },
  ],
  services: ({ config, db, broadcaster, services, log }) => ({
    instances: createInstanceService({
      db,
      broadcaster,
      // One resolver for the pages, the API and the jobs: simulated machines live in the database.
      drivers: createDriverResolver({
        simulated: createSimulatedDriver({ db, latencyMs: config.INSTANCE_SIMULATED_LATENCY_MS }),
        appKey: config.APP_KEY,
      }),
      appKey: config.APP_KEY,
      onPublishError: (error) => log.warn({ err: error }, 'instance event not published'),
    }),
    staffMachines: createStaffMachines({
      db,
      broadcaster,
      money: () => services.machineMoney,
      onPublishError: (error) => log.warn({ err: error }, 'instance event not published'),
    }),
  }),
  jobs: ({ config, db, broadcaster, services, log }) => {
    const { drivers } = services.instances;
    return {
      [POWER_JOB]: createPowerJobHandler({ db, broadcaster, drivers, pollMs: 500, log }),
      [PROVISION_JOB]: createProvisionJobHandler({
        db,
        broadcaster,
        drivers,
        appKey: config.APP_KEY,
        pollMs: 500,
        log,
      }),
      [DESTROY_JOB]: createDestroyJobHandler({ db, broadcaster, drivers, pollMs: 500, log }),
      [TICK_JOB]: createMachineTickJobHandler({
        db,
        broadcaster,
        drivers,
        requestPower: services.instances.requestPower,
        log,
      }),
    };
  },
  channels: [
    {
      pattern: 'instances.{uuid}',
      // The machine's owner, and staff (care and admin) who look after it.
      authorize: (db, user, uuid) =>
        user.role === 'care' || user.role === 'admin' ? true : ownsInstance(db, user.id, uuid),
    },
  ],
  // Idle auto-stop and the weekly schedules run on the minute tick, which queues itself from then on.
  onWorkerStart: (db) => ensureMachineTick(db),
  deleteBlockers: [machinesBlocker],
  seed: seedDemoInstances,
};
