import type {} from '../../http/page-contracts';
import type { PostSummary } from '../content/contracts';
import type { AttentionMachine, PoweredMachine } from '../instances/contracts';

/** The props of the three area homes, written once here and imported type-only by their pages. */

export interface OpenTicket {
  uuid: string;
  subject: string;
  department: string;
  status: string;
  last_message_at: string;
}

export type KycState =
  | 'none'
  | 'draft'
  | 'submitted'
  | 'under_review'
  | 'approved'
  | 'rejected'
  | 'revoked'
  | (string & {});

/** `panel.home` (docs/screens.md §4), exactly as the server sends it; amounts in Rial. */
export interface PanelHomeProps {
  balance: number;
  /** Rial per hour of the machines running or starting. */
  burn_rate: number;
  /** Whole hours the balance pays for at that rate; null while nothing runs. */
  hours_left: number | null;
  machines: PoweredMachine[];
  kyc_status: KycState;
  suspended: boolean;
  tickets: OpenTicket[];
  announcements: PostSummary[];
}

export interface QueueCounts {
  /** Tickets whose next move is the staff's (new, or the customer replied). */
  waiting: number;
  unassigned: number;
  /** Waiting and assigned to the viewer. */
  mine: number;
  /** Waiting longer than the late threshold (24 hours). */
  late: number;
}

export interface DepartmentQueue extends QueueCounts {
  department: string;
}

export interface StaffMember {
  id: number;
  name: string;
  role: 'care' | 'admin' | (string & {});
}

/** `care.home` (docs/screens.md §5), exactly as the server sends it. */
export interface CareHomeProps {
  queues: { by_department: DepartmentQueue[]; total: QueueCounts };
  kyc_waiting: number;
  machines: AttentionMachine[];
  staff_online: StaffMember[];
}

export interface Kpis {
  /** Rial topped up since the start of the Tehran day (cash in; the revenue shown is usage). */
  topped_up_today: number;
  /** Rial topped up since the start of the Jalali month. */
  topped_up_month: number;
  topups_month: number;
  /** People who signed in this Jalali month. */
  active_customers: number;
  running_machines: number;
  /**
   * Rial charged for machine and drive usage since the start of the Tehran day, and of the Jalali
   * month: the revenue Dash shows (earned, unlike a top-up, which is a prepayment).
   */
  usage_today: number;
  usage_month: number;
}

/** One Tehran day of the Dash sparklines (deferred). */
export interface SparkPoint {
  label: string;
  topups: number;
  usage: number;
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

/** A plan that has hosts in a location but no free place there now (Admin/Dash low stock). */
export interface SoldOutPlace {
  plan: string;
  slug: string;
  location: string;
  code: string;
  /** Hosts of the plan in that location, whatever their state. */
  hosts: number;
}

/** One of the newest gateway payments (any customer); `amount` in Rial. */
export interface LatestPayment {
  uuid: string;
  user: { id: number; name: string };
  amount: number;
  status: string;
  gateway: string;
  created_at: string;
}

/** `admin.dash` (docs/screens.md §6), exactly as the server sends it; amounts in Rial. */
export interface AdminDashProps {
  kpis: Kpis;
  capacity: LocationCapacity[];
  alerts: {
    hosts_unavailable: number;
    machines: AttentionMachine[];
    payments_review: number;
    low_stock: SoldOutPlace[];
  };
  queues: { tickets_open: number; kyc_waiting: number };
  signups: Signup[];
  payments: LatestPayment[];
  /** The last 30 Tehran days of top-ups and usage; deferred (after the page shows). */
  sparklines?: SparkPoint[];
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Home': PanelHomeProps;
    'Care/Home': CareHomeProps;
    'Admin/Dash': AdminDashProps;
  }
}
