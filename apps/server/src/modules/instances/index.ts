/**
 * The instances module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */
export { stopMachines } from './bulk-stop';
export { machinePlacements, machineUuidsWhere, newMachinesByDay } from './chart-queries';
export type { AttentionMachine, PoweredMachine } from './contracts';
export { type InstanceService, instanceUuids, ownInstanceId } from './service';
export {
  burnRate,
  capacityByLocation,
  machineCountOf,
  machineLabels,
  machinesForDrives,
  machinesNeedingAttention,
  ownedInstanceIds,
  poweredMachinesOf,
  runningMachinesOf,
} from './summaries';
export { instances } from './tables';
export { listOwnViews } from './views';
