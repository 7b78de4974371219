import type { DriverStatus, InstanceDriver, ProvisionRequest } from './driver';
import { realSleep } from './driver-wait';
import { InstanceDriverError } from './errors';
import { ProxmoxClient, type ProxmoxConfig } from './proxmox-client';

interface ClusterVm {
  vmid: number;
  name?: string;
  node: string;
  status?: string;
  template?: number;
  tags?: string;
}

interface VmStatus {
  status: 'running' | 'stopped' | string;
  lock?: string;
  cpu?: number;
}

export interface ProxmoxDriverOptions {
  /** How long a clone (or another task) may take. */
  taskTimeoutMs?: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

/** The name a machine's VM gets at clone time: how a resumed job finds the VM it already made. */
export const vmName = (uuid: string) => `rf-${uuid}`;

/**
 * The Proxmox VE driver (docs/domain.md), as Convoy drives PVE: clone a template (full clone, named
 * after the instance's uuid so a resumed job finds it instead of cloning again), wait for the task,
 * set cores, memory and the uuid tag, grow the disk, and leave it stopped. Power goes through
 * `status/start|shutdown|stop`, state through `status/current` (a `lock` means a task holds the VM),
 * the password through the guest agent. The ref is the vmid.
 */
export function createProxmoxDriver(
  config: ProxmoxConfig,
  options: ProxmoxDriverOptions = {},
): InstanceDriver {
  const client = new ProxmoxClient(config, { fetch: options.fetch });
  const node = config.node;
  const task = {
    timeoutMs: options.taskTimeoutMs ?? 10 * 60_000,
    pollMs: options.pollMs ?? 1000,
    sleep: options.sleep ?? realSleep,
  };
  const vm = (ref: string) => `/nodes/${node}/qemu/${encodeURIComponent(ref)}`;

  async function vms(): Promise<ClusterVm[]> {
    return (await client.call<ClusterVm[]>('GET', '/cluster/resources', { type: 'vm' })) ?? [];
  }

  /** The vmid of a template by its vmid or its name (an image's `driver_ref`). */
  async function template(ref: string): Promise<number> {
    const all = await vms();
    const found = all.find((v) => v.template === 1 && (String(v.vmid) === ref || v.name === ref));
    if (!found)
      throw new InstanceDriverError(`proxmox: no template named or numbered ${ref} on ${config.url}`, {
        failure: 'machine_missing',
      });
    return found.vmid;
  }

  async function current(ref: string): Promise<VmStatus | null> {
    try {
      return await client.call<VmStatus>('GET', `${vm(ref)}/status/current`);
    } catch (error) {
      // A VM that is gone answers 500 "does not exist": for destroy, that is done.
      if (error instanceof InstanceDriverError && /does not exist|not found/i.test(error.message))
        return null;
      throw error;
    }
  }

  async function finish(upid: string | null) {
    if (upid) await client.waitForTask(upid, task);
  }

  return {
    name: 'proxmox',

    async provision(request: ProvisionRequest) {
      const name = vmName(request.instanceUuid);
      let existing = (await vms()).find(
        (v) =>
          v.template !== 1 &&
          (v.name === name || (v.tags ?? '').split(/[;,]/).includes(request.instanceUuid)),
      );
      if (!existing) {
        const templateId = await template(request.image);
        const newid = Number(await client.call<string>('GET', '/cluster/nextid'));
        const upid = await client.call<string>('POST', `/nodes/${node}/qemu/${templateId}/clone`, {
          newid,
          name,
          full: true,
          storage: config.template_storage,
        });
        await finish(upid);
        existing = { vmid: newid, node, name };
      } else {
        // A clone begun before a crash: wait until its task lets go of the VM.
        const deadline = Date.now() + task.timeoutMs;
        while ((await current(String(existing.vmid)))?.lock) {
          if (Date.now() > deadline)
            throw new InstanceDriverError(`proxmox: VM ${existing.vmid} stayed locked`, {
              failure: 'machine_busy',
            });
          await task.sleep(task.pollMs);
        }
      }
      const ref = String(existing.vmid);
      await client.call('PUT', `${vm(ref)}/config`, {
        cores: request.cpuCores,
        memory: request.ramGb * 1024,
        tags: request.instanceUuid,
        description: `renderfarm instance ${request.instanceUuid} (${request.name})`,
      });
      await client.call('PUT', `${vm(ref)}/resize`, { disk: 'scsi0', size: `${request.diskGb}G` });
      return { ref };
    },

    async status(ref): Promise<DriverStatus> {
      const state = await current(ref);
      if (!state)
        throw new InstanceDriverError(`proxmox: VM ${ref} does not exist`, { failure: 'machine_missing' });
      if (state.lock) return state.status === 'running' ? 'stopping' : 'provisioning';
      return state.status === 'running' ? 'running' : 'stopped';
    },

    async start(ref) {
      const state = await current(ref);
      if (state?.status === 'running') return;
      await finish(await client.call<string>('POST', `${vm(ref)}/status/start`));
    },

    async stop(ref, { force }) {
      const state = await current(ref);
      if (!state || state.status === 'stopped') return;
      await finish(await client.call<string>('POST', `${vm(ref)}/status/${force ? 'stop' : 'shutdown'}`));
    },

    async destroy(ref) {
      const state = await current(ref);
      if (!state) return;
      if (state.status === 'running')
        await finish(await client.call<string>('POST', `${vm(ref)}/status/stop`));
      await finish(
        await client.call<string>('DELETE', vm(ref), { purge: 1, 'destroy-unreferenced-disks': 1 }),
      );
    },

    async connection() {
      // The host forwards the public port to the VM's RDP port on its own network (ports.target_port).
      return { address: new URL(config.url).hostname, port: 3389 };
    },

    async setPassword(ref, username, password) {
      await client.call('POST', `${vm(ref)}/agent/set-user-password`, { username, password });
    },

    async load(ref) {
      const state = await current(ref);
      return { percent: state?.status === 'running' ? Math.round((state.cpu ?? 0) * 100) : 0 };
    },

    async probe() {
      const version = await client.call<{ version: string; release?: string }>('GET', '/version');
      return { version: `Proxmox VE ${version?.version ?? 'unknown'}` };
    },
  };
}
