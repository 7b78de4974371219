import type { DriverResolver } from './driver';
import { InstanceDriverError } from './errors';
import type { SimulatedDriver } from './simulated-driver';

/**
 * The drivers this build can use, by the host's `driver` column. Only the simulated driver exists
 * so far: a host set to `proxmox` fails its jobs with a clear reason instead of pretending.
 */
export function createDriverResolver(drivers: { simulated: SimulatedDriver }): DriverResolver {
  return (host) => {
    if (host.driver === 'simulated') return drivers.simulated.forHost(host);
    throw new InstanceDriverError(
      `host ${host.name} uses the ${host.driver} driver, which this build does not include`,
    );
  };
}
