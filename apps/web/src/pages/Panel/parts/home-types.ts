import type { PostSummary } from '../../../types/public';

export type Power = 'starting' | 'running' | 'stopping';

/** One of the customer's machines that is on or on its way (it is what the wallet pays for now). */
export interface PoweredMachine {
  uuid: string;
  name: string;
  plan: string;
  location: string;
  status: string;
  power: Power | (string & {});
  /** Rial per hour, frozen when the machine was ordered. */
  price_per_hour: number;
  /** ISO-8601 UTC; null while it has not come up yet. */
  running_since: string | null;
}

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

/** `panel.home` (SCREENS.md §4), exactly as the server sends it; amounts in Rial. */
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

/** Fewer hours than this left and the balance card warns (the machines stop at zero). */
export const LOW_HOURS = 3;
