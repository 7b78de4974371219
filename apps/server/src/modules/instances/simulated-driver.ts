import type { DriverHost, DriverStatus, InstanceDriver, ProvisionRequest } from './driver';
import { InstanceDriverError } from './errors';

export type SimulatedOperation = 'provision' | 'start' | 'stop' | 'destroy' | 'status';

export interface SimulatedDriverOptions {
  /**
   * How long each operation takes to reach its end state, in ms (one number for all). A machine
   * is `starting` for this long after `start`. `Infinity` never finishes (to test timeouts).
   */
  latencyMs?: number | Partial<Record<'provision' | 'start' | 'stop' | 'destroy', number>>;
  /** Milliseconds since the epoch; tests pass a clock they move by hand. */
  now?: () => number;
}

interface Machine {
  /** The state the machine is in, or is on its way to. */
  power: 'provisioning' | 'stopped' | 'starting' | 'running' | 'stopping';
  /** When the current transition ends, and in which state. */
  settlesAt?: number;
  settlesTo?: 'stopped' | 'running';
  address: string;
  uuid?: string;
}

interface InjectedFailure {
  operation: SimulatedOperation;
  ref: string | undefined;
  remaining: number;
  message: string;
}

/**
 * The default driver (docs/domain.md): machines that exist only in this process's memory, keyed by
 * ref, with deterministic timing and failures injected on demand. A ref it has never seen (a
 * machine from before a restart, or from the demo seed) counts as stopped, so power actions on
 * old machines keep working after the process restarts.
 */
export class SimulatedDriver {
  private readonly machines = new Map<string, Machine>();
  private readonly failures: InjectedFailure[] = [];
  private latency: Record<'provision' | 'start' | 'stop' | 'destroy', number>;
  private readonly now: () => number;
  private sequence = 0;

  constructor(options: SimulatedDriverOptions = {}) {
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
  peek(ref: string): DriverStatus {
    return this.settle(ref).power;
  }

  /** Binds the driver to one host: machines it provisions get the host's address. */
  forHost(host: Pick<DriverHost, 'address'>): InstanceDriver {
    return {
      name: 'simulated',
      provision: (request) => this.provision(request, host.address),
      status: async (ref) => {
        this.maybeFail('status', ref);
        return this.settle(ref).power;
      },
      start: async (ref) => {
        this.maybeFail('start', ref);
        const machine = this.settle(ref);
        if (machine.power === 'running' || machine.power === 'starting') return;
        if (machine.power === 'provisioning')
          throw new InstanceDriverError(`machine ${ref} is still provisioning`);
        this.transition(machine, 'starting', 'running', this.latency.start);
      },
      stop: async (ref, { force }) => {
        this.maybeFail('stop', ref);
        // Asked to stop a machine it has never seen (its memory was lost with a restart), it
        // takes the farm's word that the machine runs, so a stop still takes its time.
        const machine = this.settle(ref, 'running');
        if (machine.power === 'provisioning')
          throw new InstanceDriverError(`machine ${ref} is still provisioning`);
        if (force) {
          machine.power = 'stopped';
          machine.settlesAt = undefined;
          machine.settlesTo = undefined;
          return;
        }
        if (machine.power === 'stopped' || machine.power === 'stopping') return;
        this.transition(machine, 'stopping', 'stopped', this.latency.stop);
      },
      destroy: async (ref) => {
        this.maybeFail('destroy', ref);
        this.machines.delete(ref);
      },
      connection: async (ref) => ({ address: this.settle(ref).address || host.address, port: 3389 }),
      setPassword: async (ref) => {
        this.maybeFail('status', ref);
      },
      load: async () => ({ percent: 0 }),
      probe: async () => ({ version: 'simulated' }),
    };
  }

  private async provision(request: ProvisionRequest, address: string): Promise<{ ref: string }> {
    this.maybeFail('provision', undefined);
    for (const [ref, machine] of this.machines) if (machine.uuid === request.instanceUuid) return { ref };
    this.sequence += 1;
    const ref = `sim-${request.instanceUuid.slice(0, 8)}-${this.sequence}`;
    const machine: Machine = { power: 'provisioning', address, uuid: request.instanceUuid };
    this.machines.set(ref, machine);
    this.transition(machine, 'provisioning', 'stopped', this.latency.provision);
    return { ref };
  }

  private transition(
    machine: Machine,
    during: Machine['power'],
    to: 'stopped' | 'running',
    ms: number,
  ): void {
    machine.power = during;
    machine.settlesAt = this.now() + ms;
    machine.settlesTo = to;
    this.settleMachine(machine);
  }

  private settle(ref: string, unseen: 'stopped' | 'running' = 'stopped'): Machine {
    let machine = this.machines.get(ref);
    if (!machine) {
      machine = { power: unseen, address: '' };
      this.machines.set(ref, machine);
    }
    this.settleMachine(machine);
    return machine;
  }

  private settleMachine(machine: Machine): void {
    if (machine.settlesTo && machine.settlesAt !== undefined && this.now() >= machine.settlesAt) {
      machine.power = machine.settlesTo;
      machine.settlesAt = undefined;
      machine.settlesTo = undefined;
    }
  }

  private maybeFail(operation: SimulatedOperation, ref: string | undefined): void {
    const failure = this.failures.find(
      (f) => f.operation === operation && f.remaining > 0 && (f.ref === undefined || f.ref === ref),
    );
    if (!failure) return;
    failure.remaining -= 1;
    if (failure.remaining === 0) this.failures.splice(this.failures.indexOf(failure), 1);
    throw new InstanceDriverError(failure.message);
  }
}

export function createSimulatedDriver(options: SimulatedDriverOptions = {}): SimulatedDriver {
  return new SimulatedDriver(options);
}
