import { decryptString } from '../../lib/encryption';
import type { DriverHost, DriverResolver } from './driver';
import { InstanceDriverError } from './errors';
import type { ProxmoxConfig } from './proxmox-client';
import { createProxmoxDriver, type ProxmoxDriverOptions } from './proxmox-driver';
import type { SimulatedDriver, SimulatedHostConfig } from './simulated-driver';

/** A host's driver settings, decrypted with APP_KEY (null when it has none). */
export function readDriverConfig(
  appKey: string,
  host: Pick<DriverHost, 'name' | 'driverConfig'>,
): Record<string, unknown> | null {
  if (!host.driverConfig) return null;
  try {
    const parsed = JSON.parse(decryptString(appKey, host.driverConfig)) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    throw new InstanceDriverError(
      `host ${host.name}: its driver settings could not be read (APP_KEY changed?)`,
      { failure: 'host_misconfigured' },
    );
  }
}

/**
 * The drivers this build can use, by the host's `driver` column, each bound to the host and its
 * decrypted settings: `simulated` (one driver for the process, its machines in the database) and
 * `proxmox` (a REST client per call, nothing kept between calls).
 */
export function createDriverResolver(drivers: {
  simulated: SimulatedDriver;
  appKey?: string;
  proxmox?: ProxmoxDriverOptions;
}): DriverResolver {
  return (host) => {
    const config = drivers.appKey ? readDriverConfig(drivers.appKey, host) : null;
    if (host.driver === 'simulated')
      return drivers.simulated.forHost(host, config as SimulatedHostConfig | null);
    if (host.driver === 'proxmox') {
      const settings = config as Partial<ProxmoxConfig> | null;
      if (!settings?.url || !settings.token_id || !settings.token_secret || !settings.node) {
        throw new InstanceDriverError(
          `host ${host.name}: the proxmox driver needs url, token_id, token_secret and node`,
          { failure: 'host_misconfigured' },
        );
      }
      return createProxmoxDriver(settings as ProxmoxConfig, drivers.proxmox);
    }
    throw new InstanceDriverError(
      `host ${host.name} uses the ${host.driver} driver, which this build does not include`,
      { failure: 'host_misconfigured' },
    );
  };
}
