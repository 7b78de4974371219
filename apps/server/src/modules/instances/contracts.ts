import type {} from '../../http/page-contracts';
/**
 * Wire shapes of the instances module: what its pages and the JSON API send, written once here
 * and imported type-only by the web pages (`@server/modules/instances/contracts`).
 */

export type PowerAction = 'start' | 'stop' | 'restart';

/** One of the customer's machines, as `toOwnerJson` (server, instances/views.ts) sends it. */
export interface OwnedMachine {
  uuid: string;
  name: string;
  plan: { title: string; slug: string };
  location: { code: string; name: string };
  image: { name: string; os: string };
  status: string;
  power: string;
  /** The power actions the machine's state allows now: the only buttons shown. */
  actions: PowerAction[];
  /** Public address, once the machine's port is bound; null before. */
  host: string | null;
  port: number | null;
  username: string;
  /** Rial per hour, frozen when the machine was ordered. */
  price_per_hour: number;
  /** ISO-8601 UTC; null while it is not running. */
  running_since: string | null;
  power_changed_at: string;
  /** Why provisioning or the last power change failed, in Persian; null otherwise. */
  failure_reason: string | null;
  created_at: string;
}

/** `panel.instances.list` (docs/screens.md §4). The list reads one row past the page: no total. */
export interface InstanceListProps {
  items: {
    data: OwnedMachine[];
    meta: { current_page: number; per_page: number; has_more: boolean };
  };
}

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

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Panel/Instances/List': InstanceListProps;
  }
}
