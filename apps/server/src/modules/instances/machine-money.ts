import type { Database } from '../../db/client';
import type { latestMachineCharge, MachineCharge } from '../billing';

/**
 * What the machines' pages and orders need to know of money: the VAT rate an hourly price is
 * quoted with, and what a machine was charged. Billing, listed after this module because it charges
 * the machines, provides it as the `machineMoney` service (read from its ledger); this module asks
 * for it when a page is drawn, so it never imports billing.
 */
export interface MachineMoney {
  vatRate(db: Database): Promise<number>;
  /** Every running session of the machine and what the ledger charged for it (Admin/Instances/Item). */
  charges(db: Database, instanceId: number): Promise<MachineCharge[]>;
  /** The last session and its cost so far, or its final cost once off (Panel/Instances/View). */
  latestCharge(db: Database, instanceId: number): ReturnType<typeof latestMachineCharge>;
}
