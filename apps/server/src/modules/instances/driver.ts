/**
 * What the farm asks of the software that runs machines on a host (docs/domain.md: `simulated`, and
 * later `proxmox`). A driver is bound to one host; `ref` is the driver's own name for a machine
 * (a Proxmox vmid, a simulated id), kept in `instances.driver_ref`. Every call may be repeated
 * (a retried or recovered job): starting a running machine or stopping a stopped one does nothing.
 */
export interface InstanceDriver {
  readonly name: DriverName;
  /**
   * Creates the machine from an image; it ends stopped. Returns its ref. Idempotent by
   * `instanceUuid`: a machine the driver already made for this uuid (a resumed job) is returned,
   * never cloned again.
   */
  provision(request: ProvisionRequest): Promise<{ ref: string }>;
  status(ref: string): Promise<DriverStatus>;
  /** Asks the machine to start; `status` reports `running` once it has. */
  start(ref: string): Promise<void>;
  /** A graceful shutdown, or with `force` an immediate power-off. */
  stop(ref: string, options: { force: boolean }): Promise<void>;
  destroy(ref: string): Promise<void>;
  /** Where the public port forwards to: the machine's RDP endpoint inside the host's network. */
  connection(ref: string): Promise<{ address: string; port: number }>;
  /** Sets the RDP user's password inside the running guest (Proxmox: guest agent). */
  setPassword(ref: string, username: string, password: string): Promise<void>;
  /** The machine's current load (idle auto-stop): the busier of CPU and GPU, 0–100. */
  load(ref: string): Promise<{ percent: number }>;
  /** Whether the host answers with these settings (Admin/Resources «بررسی اتصال»). */
  probe(): Promise<{ version: string }>;
}

export const DRIVER_NAMES = ['simulated', 'proxmox'] as const;
export type DriverName = (typeof DRIVER_NAMES)[number];

export type DriverStatus = 'provisioning' | 'stopped' | 'starting' | 'running' | 'stopping';

export interface ProvisionRequest {
  /** The instance's uuid: drivers may name the machine after it. */
  instanceUuid: string;
  name: string;
  /** The image's `driver_ref` (a template to clone). */
  image: string;
  cpuCores: number;
  ramGb: number;
  diskGb: number;
  gpuCount: number;
  username: string;
  password: string;
}

/** The host a driver works on (a `resources` row, its config still encrypted). */
export interface DriverHost {
  id: number;
  name: string;
  address: string;
  driver: DriverName;
  driverConfig: string | null;
}

/** Picks and binds the driver of a host; throws InstanceDriverError when none is available. */
export type DriverResolver = (host: DriverHost) => InstanceDriver;
