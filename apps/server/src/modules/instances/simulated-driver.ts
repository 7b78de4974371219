import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { DriverHost, DriverStatus, InstanceDriver, ProvisionRequest } from './driver';
import { InstanceDriverError } from './errors';
import { simulatedMachines } from './tables';

export type SimulatedOperation = 'provision' | 'start' | 'stop' | 'destroy' | 'status';
type Timed = 'provision' | 'start' | 'stop' | 'destroy';

export interface SimulatedDriverOptions {
  /**
   * Where the machines live: the `simulated_machines` table (the app: nothing is forgotten on a
   * restart), or this process's memory when omitted (unit tests).
   */
  db?: Database;
  /**
   * How long each operation takes to reach its end state, in ms (one number for all). A machine
   * is `starting` for this long after `start`. `Infinity` never finishes (to test timeouts). A
   * host's own `latency_ms` setting wins over this default.
   */
  latencyMs?: number | Partial<Record<Timed, number>>;
  /** Milliseconds since the epoch; tests pass a clock they move by hand. */
  now?: () => number;
}

/**
 * The settings of a simulated host (`resources.driver_config`, decrypted): its latency, and a
 * share of operations that fail, decided by a hash of the seed, the machine, the operation and
 * how many times it was asked, so the same run fails the same way every time.
 */
export interface SimulatedHostConfig {
  latency_ms?: number;
  failure_rate?: number;
  seed?: number;
}

interface Machine {
  ref: string;
  hostId: number;
  uuid: string;
  /** The state the machine is in, or is on its way to. */
  power: 'provisioning' | 'stopped' | 'starting' | 'running' | 'stopping';
  /** When the current transition ends (null with `settlesTo`: never), and in which state. */
  settlesAt: number | null;
  settlesTo: 'stopped' | 'running' | null;
  address: string;
  loadPercent: number;
}

/** Where machines are kept: one interface, in memory or in the database. */
interface MachineStore {
  get(ref: string): Promise<Machine | undefined>;
  byUuid(uuid: string): Promise<Machine | undefined>;
  save(machine: Machine): Promise<void>;
  remove(ref: string): Promise<void>;
}

function memoryStore(): MachineStore {
  const machines = new Map<string, Machine>();
  return {
    get: async (ref) => machines.get(ref),
    byUuid: async (uuid) => [...machines.values()].find((m) => m.uuid === uuid),
    save: async (machine) => {
      machines.set(machine.ref, machine);
    },
    remove: async (ref) => {
      machines.delete(ref);
    },
  };
}

function databaseStore(db: Database): MachineStore {
  type Row = typeof simulatedMachines.$inferSelect;
  const toMachine = (row: Row | undefined): Machine | undefined =>
    row && {
      ref: row.ref,
      hostId: row.hostId,
      uuid: row.instanceUuid,
      power: row.power as Machine['power'],
      settlesAt: row.settlesAt ? row.settlesAt.getTime() : null,
      settlesTo: (row.settlesTo as Machine['settlesTo']) ?? null,
      address: row.address,
      loadPercent: row.loadPercent,
    };
  return {
    get: async (ref) =>
      toMachine((await db.select().from(simulatedMachines).where(eq(simulatedMachines.ref, ref)))[0]),
    byUuid: async (uuid) =>
      toMachine(
        (await db.select().from(simulatedMachines).where(eq(simulatedMachines.instanceUuid, uuid)))[0],
      ),
    save: async (machine) => {
      const values = {
        ref: machine.ref,
        hostId: machine.hostId,
        instanceUuid: machine.uuid,
        power: machine.power,
        settlesAt: machine.settlesAt === null ? null : new Date(machine.settlesAt),
        settlesTo: machine.settlesTo,
        address: machine.address,
        loadPercent: machine.loadPercent,
      };
      await db
        .insert(simulatedMachines)
        .values(values)
        .onConflictDoUpdate({ target: simulatedMachines.ref, set: values });
    },
    remove: async (ref) => {
      await db.delete(simulatedMachines).where(eq(simulatedMachines.ref, ref));
    },
  };
}

/** A stable uuid-shaped name for a machine the driver never made (the demo seed's refs). */
function uuidFor(ref: string): string {
  const hex = createHash('sha256').update(`simulated:${ref}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A number in [0, 1) from the seed and what is asked: the same inputs, the same number. */
function draw(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join(':')).digest().readUInt32BE(0) / 2 ** 32;
}

/** The load a simulated machine reports once started: busy, so idle auto-stop leaves it alone. */
export const BUSY_LOAD = 60;

interface InjectedFailure {
  operation: SimulatedOperation;
  ref: string | undefined;
  remaining: number;
  message: string;
}

/**
 * The default driver (docs/domain.md): machines that exist only as rows (or, in unit tests, in
 * memory), with deterministic timing and failures injected on demand or by the host's
 * `failure_rate`. A ref it has never seen (a machine from the demo seed) counts as stopped, so
 * power actions on old machines work. Labelled «شبیه‌سازی‌شده» wherever admins see a host.
 */
export class SimulatedDriver {
  private readonly store: MachineStore;
  private readonly failures: InjectedFailure[] = [];
  private readonly asked = new Map<string, number>();
  private latency: Record<Timed, number>;
  private readonly now: () => number;

  constructor(options: SimulatedDriverOptions = {}) {
    this.store = options.db ? databaseStore(options.db) : memoryStore();
    this.now = options.now ?? Date.now;
    this.latency = { provision: 0, start: 0, stop: 0, destroy: 0 };
    this.setLatency(options.latencyMs ?? 0);
  }

  setLatency(latency: NonNullable<SimulatedDriverOptions['latencyMs']>): void {
    if (typeof latency === 'number') {
      this.latency = { provision: latency, start: latency, stop: latency, destroy: latency };
    } else {
      this.latency = { ...this.latency, ...latency };
    }
  }

  /** The next `times` calls of `operation` (on `ref`, or on any machine) throw InstanceDriverError. */
  injectFailure(
    operation: SimulatedOperation,
    options: { ref?: string; times?: number; message?: string } = {},
  ): void {
    this.failures.push({
      operation,
      ref: options.ref,
      remaining: options.times ?? 1,
      message: options.message ?? `simulated ${operation} failure`,
    });
  }

  /** The machine as the driver sees it now (after any transition that has finished). */
  async peek(ref: string): Promise<DriverStatus> {
    return (await this.settle(ref, { id: 0, address: '' })).power;
  }

  /** Sets what `load` reports for a machine (tests, and the admin's idle auto-stop checks). */
  async setLoad(ref: string, percent: number): Promise<void> {
    const machine = await this.settle(ref, { id: 0, address: '' });
    machine.loadPercent = percent;
    await this.store.save(machine);
  }

  /** Binds the driver to one host: its address, and its own latency and failure settings. */
  forHost(
    host: Pick<DriverHost, 'address'> & { id?: number },
    config: SimulatedHostConfig | null = null,
  ): InstanceDriver {
    const where = { id: host.id ?? 0, address: host.address };
    const latency = (operation: Timed) =>
      typeof config?.latency_ms === 'number' ? config.latency_ms : this.latency[operation];
    const fail = (operation: SimulatedOperation, ref: string | undefined) =>
      this.maybeFail(operation, ref, config);
    return {
      name: 'simulated',
      provision: async (request) => {
        fail('provision', request.instanceUuid);
        return this.provision(request, where, latency('provision'));
      },
      status: async (ref) => {
        fail('status', ref);
        return (await this.settle(ref, where)).power;
      },
      start: async (ref) => {
        fail('start', ref);
        const machine = await this.settle(ref, where);
        if (machine.power === 'running' || machine.power === 'starting') return;
        if (machine.power === 'provisioning')
          throw new InstanceDriverError(`machine ${ref} is still provisioning`, { failure: 'machine_busy' });
        await this.transition(machine, 'starting', 'running', latency('start'));
      },
      stop: async (ref, { force }) => {
        fail('stop', ref);
        // Asked to stop a machine it has never seen, it takes the farm's word that the machine
        // runs, so a stop still takes its time.
        const machine = await this.settle(ref, where, 'running');
        if (machine.power === 'provisioning')
          throw new InstanceDriverError(`machine ${ref} is still provisioning`, { failure: 'machine_busy' });
        if (force) {
          Object.assign(machine, { power: 'stopped', settlesAt: null, settlesTo: null, loadPercent: 0 });
          await this.store.save(machine);
          return;
        }
        if (machine.power === 'stopped' || machine.power === 'stopping') return;
        await this.transition(machine, 'stopping', 'stopped', latency('stop'));
      },
      destroy: async (ref) => {
        fail('destroy', ref);
        await this.store.remove(ref);
      },
      connection: async (ref) => ({
        address: (await this.settle(ref, where)).address || host.address,
        port: 3389,
      }),
      setPassword: async (ref) => {
        fail('status', ref);
        const machine = await this.settle(ref, where);
        if (machine.power !== 'running')
          throw new InstanceDriverError(`machine ${ref} is not running`, { failure: 'machine_busy' });
      },
      load: async (ref) => {
        fail('status', ref);
        const machine = await this.settle(ref, where);
        return { percent: machine.power === 'running' ? machine.loadPercent : 0 };
      },
      probe: async () => {
        fail('status', undefined);
        return { version: 'simulated' };
      },
    };
  }

  private async provision(
    request: ProvisionRequest,
    host: { id: number; address: string },
    ms: number,
  ): Promise<{ ref: string }> {
    const existing = await this.store.byUuid(request.instanceUuid);
    if (existing) return { ref: existing.ref };
    const machine: Machine = {
      ref: `sim-${request.instanceUuid.slice(0, 8)}-${randomBytes(3).toString('hex')}`,
      hostId: host.id,
      uuid: request.instanceUuid,
      power: 'provisioning',
      settlesAt: null,
      settlesTo: null,
      address: host.address,
      loadPercent: 0,
    };
    await this.transition(machine, 'provisioning', 'stopped', ms);
    return { ref: machine.ref };
  }

  private async transition(
    machine: Machine,
    during: Machine['power'],
    to: 'stopped' | 'running',
    ms: number,
  ) {
    machine.power = during;
    machine.settlesAt = Number.isFinite(ms) ? this.now() + ms : null;
    machine.settlesTo = to;
    this.settleMachine(machine);
    // A started machine is busy rendering until a test or an admin says otherwise (setLoad);
    // a stopped one does nothing.
    machine.loadPercent = to === 'running' ? BUSY_LOAD : 0;
    await this.store.save(machine);
  }

  private async settle(
    ref: string,
    host: { id: number; address: string },
    unseen: 'stopped' | 'running' = 'stopped',
  ): Promise<Machine> {
    let machine = await this.store.get(ref);
    if (!machine) {
      machine = {
        ref,
        hostId: host.id,
        uuid: uuidFor(ref),
        power: unseen,
        settlesAt: null,
        settlesTo: null,
        address: '',
        loadPercent: 0,
      };
      await this.store.save(machine);
    }
    if (this.settleMachine(machine)) await this.store.save(machine);
    return machine;
  }

  /** Finishes a transition whose time has come; true when the machine changed. */
  private settleMachine(machine: Machine): boolean {
    if (machine.settlesTo && machine.settlesAt !== null && this.now() >= machine.settlesAt) {
      machine.power = machine.settlesTo;
      machine.settlesAt = null;
      machine.settlesTo = null;
      return true;
    }
    return false;
  }

  private maybeFail(
    operation: SimulatedOperation,
    ref: string | undefined,
    config: SimulatedHostConfig | null,
  ) {
    const failure = this.failures.find(
      (f) => f.operation === operation && f.remaining > 0 && (f.ref === undefined || f.ref === ref),
    );
    if (failure) {
      failure.remaining -= 1;
      if (failure.remaining === 0) this.failures.splice(this.failures.indexOf(failure), 1);
      throw new InstanceDriverError(failure.message);
    }
    const rate = config?.failure_rate ?? 0;
    if (rate > 0 && operation !== 'status') {
      const key = `${ref ?? '-'}:${operation}`;
      const n = (this.asked.get(key) ?? 0) + 1;
      this.asked.set(key, n);
      if (draw(config?.seed ?? 0, key, n) < rate) {
        throw new InstanceDriverError(`simulated ${operation} failure (failure_rate ${rate}, try ${n})`);
      }
    }
  }
}

export function createSimulatedDriver(options: SimulatedDriverOptions = {}): SimulatedDriver {
  return new SimulatedDriver(options);
}
