/** A machine staff should look at (Care/Home, Admin/Dash `alerts.machines`), as the server sends it. */
export interface AttentionMachine {
  id: number;
  uuid: string;
  name: string;
  plan: string;
  location: string;
  status: string;
  power: string;
  /** Rial per hour. */
  price_per_hour: number;
  running_since: string | null;
  failure_reason: string | null;
  /** When the status or power last changed: how long a stuck machine has been stuck. */
  power_changed_at?: string;
}
