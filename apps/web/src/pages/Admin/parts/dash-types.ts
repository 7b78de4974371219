import type { AttentionMachine } from '../../../components/instances/attention-types';

export interface Kpis {
  /** Rial topped up since the start of the Tehran day. */
  revenue_today: number;
  /** Rial topped up since the start of the Jalali month. */
  revenue_month: number;
  topups_month: number;
  /** People who signed in this Jalali month. */
  active_customers: number;
  running_machines: number;
}

export interface LocationCapacity {
  code: string;
  name: string;
  /** Machines the location's hosts can hold. */
  capacity: number;
  /** Machines placed on those hosts (on or off). */
  placed: number;
  running: number;
  hosts_unavailable: number;
}

export interface Signup {
  id: number;
  name: string;
  role: string;
  created_at: string;
}

/** `admin.dash` (SCREENS.md §6), exactly as the server sends it; amounts in Rial. */
export interface AdminDashProps {
  kpis: Kpis;
  capacity: LocationCapacity[];
  alerts: { hosts_unavailable: number; machines: AttentionMachine[] };
  queues: { tickets_open: number; kyc_waiting: number };
  signups: Signup[];
}
