import type {} from '../../http/page-contracts';
import type { MachineCharge } from '../billing/contracts';
import type { PlanSummary } from '../catalog/contracts';
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
  /** The cause in Persian, as staff read it. */
  failure_reason: string | null;
  /** The driver's own (English) words, shown only behind «جزئیات فنی», left to right. */
  failure_detail?: string | null;
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

/** A plan as the Make page offers it (amounts in Rial). */
/**
 * What an hour of a plan costs and how long the balance lasts, as billing charges it (computed by
 * the server, instances/hourly-quote.ts): the wallet pays the net price minute by minute; VAT is
 * paid with the top-up that put the credit there. Rial.
 */
export interface HourlyQuote {
  /** Rial per hour taken from the wallet. */
  price_per_hour: number;
  /** Percent, from the settings of the moment. */
  vat_rate: number;
  /** Rial of VAT on one hour (rounded down, as on the invoice). */
  vat_per_hour: number;
  /** Rial: an hour with its VAT. */
  price_per_hour_with_vat: number;
  /** Rial in the wallet now. */
  balance: number;
  /** Whole hours of running the balance pays for; null for a free plan. */
  hours_covered: number | null;
}

/** The order as the server will carry it out, shown for confirmation before the charge starts. */
export interface MakeReview extends HourlyQuote {
  hardware: string;
  title: string;
  location: string;
  location_name: string;
  image: number;
  image_name: string;
  name: string;
  /** Rial, once (0: none). */
  setup_fee: number;
}

export interface OrderablePlan extends PlanSummary {
  setup_fee: number;
  /** The plan's hour and the balance's hours, from the server (the summary beside the form). */
  quote: HourlyQuote;
  /** The images this plan can be made from (ids of `images`). */
  image_ids: number[];
  /** Free places now, by location code (0: none free there). */
  free: Record<string, number>;
  /** Why this account cannot order this plan now, in Persian (empty: nothing stops it). */
  blockers: string[];
}

/** `panel.instances.make` «اجاره سرور جدید» (docs/screens.md §4). */
export interface InstanceMakeProps {
  hardwares: OrderablePlan[];
  locations: { code: string; name: string; city: string }[];
  images: { id: number; name: string; os: string; software: string[] }[];
  /** From `?hardware=&location=` (a plan card's «اجاره»), when they name something on offer. */
  selected: { hardware: string | null; location: string | null };
  /** Rial. */
  balance: number;
  /** Percent, from the site settings. */
  vat_rate: number;
  kyc_status: string;
  /** One key per rendered form: submitting it twice makes one machine. */
  idempotency_key: string;
  limits: { max_instances: { used: number; allowed: number | null } };
  /** The most characters a machine's name may have (the name field's counter). */
  name_max: number;
  /** After «بازبینی سفارش»: the order as it will be made and charged; absent on a first visit. */
  review?: MakeReview;
}

/** A line of the machine's history, newest first. */
export interface MachineActivity {
  id: number;
  event: string;
  /** ISO-8601 UTC. */
  at: string;
  /** Staff member or the owner who asked; null for the farm's own jobs. */
  by_staff: boolean;
}

/** `panel.instances.view` «جزئیات سرور». */
export interface InstanceViewProps {
  instance: OwnedMachine & {
    /** The provisioning password is waiting to be shown once (then it is forgotten). */
    password_waiting: boolean;
    idle_stop_minutes: number | null;
    suspend_reason: string | null;
  };
  /** Rial, for the hours the balance still covers. */
  balance: number;
  /** The latest running stretch and what the ledger charged for it (null before the first start). */
  session: { open: boolean; minutes: number; from: string; to: string; amount: number } | null;
  activity: MachineActivity[];
}

/** `panel.instances.edit` «تنظیمات سرور». */
export interface InstanceEditProps {
  instance: OwnedMachine & {
    idle_stop_minutes: number | null;
    /** Rial; null: no threshold. */
    stop_below_balance: number | null;
  };
  /**
   * Config `idle_auto_stop_minutes`: the limit the form suggests (docs/domain.md, Idle auto-stop;
   * never applied to a machine by itself), null when unset.
   */
  suggested_idle_stop_minutes: number | null;
  /** The weekly schedule (0 = شنبه), times `HH:MM` Tehran. */
  schedule: { weekday: number; start: string; stop: string }[];
  /** The images the machine's plan offers, for a reinstall. */
  images: { id: number; name: string; os: string }[];
  /** May it be deleted now (ready, suspended or failed), and if not why. */
  can_delete: { allowed: boolean; reason: string | null };
  /**
   * The drive attached to the machine, and the customer's drives it could take instead: active,
   * detached, in the machine's location. Attached and detached through `panel.drives.attach|detach`,
   * each its own action, so a refused attach never half-saves the settings form.
   */
  drive: {
    attached: MachineDriveChoice | null;
    choices: MachineDriveChoice[];
  };
}

export interface MachineDriveChoice {
  uuid: string;
  name: string;
  size_gb: number;
}

/** A customer's machine in a staff list (Care/Instances/List, Admin/Instances/List). */
export interface StaffMachineRow {
  id: number;
  uuid: string;
  name: string;
  owner: { id: number; name: string };
  plan: string;
  location: string;
  status: string;
  power: string;
  /** Rial per hour. */
  price_per_hour: number;
  running_since: string | null;
  created_at: string;
  /** Public address once bound. */
  address: string | null;
  /** The host's name: admins only (null for care). */
  host: string | null;
}

export interface StaffMachineFilters {
  q: string;
  status: string;
  power: string;
  location: string;
  plan: string;
}

export interface StaffMachineListProps {
  machines: { data: StaffMachineRow[]; meta: { current_page: number; per_page: number; has_more: boolean } };
  filters: StaffMachineFilters;
  options: { locations: { id: number; name: string }[]; plans: { id: number; title: string }[] };
}

/** One machine as staff see it: no password, no secret; the `admin` part for admins only. */
export interface StaffMachineView {
  machine: StaffMachineRow & {
    image: string;
    actions: PowerAction[];
    failure_reason: string | null;
    suspend_reason: string | null;
    idle_stop_minutes: number | null;
  };
  owner: {
    id: number;
    name: string;
    email: string | null;
    /** In full on a staff desk (lib/mobile.ts mobileAsSeenBy). */
    mobile: string | null;
    balance: number;
    kyc_status: string;
    status: string;
  } | null;
  /** `label`: the event in Persian (activity/event-labels.ts); `event` is its name, never shown. */
  timeline: {
    id: number;
    event: string;
    label: string;
    at: string;
    actor: string | null;
    reason: string | null;
  }[];
  admin: {
    host: { id: number; name: string; address: string; driver: string } | null;
    port: { id: number; public_ip: string; public_port: number; status: string } | null;
    driver_ref: string | null;
    /** The driver's own words for the last failure. */
    failure_detail: string | null;
    /** Hosts of the machine's plan with room (a ready machine only), and their first free ports. */
    move_targets: { id: number; name: string; location: string; ports: { id: number; label: string }[] }[];
    jobs: {
      id: number;
      name: string;
      state: string;
      attempts: number;
      max_attempts: number;
      last_error: string | null;
      created_at: string;
    }[];
  } | null;
}

/** `admin.instances.item` «ریز مصرف سرور»: the machine's running sessions and what they cost. */
export interface AdminMachineItemsProps {
  machine: { id: number; name: string; uuid: string; price_per_hour: number; owner: string };
  sessions: MachineCharge[];
  totals: { minutes: number; amount: number };
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Admin/Instances/Item': AdminMachineItemsProps;
    'Care/Instances/List': StaffMachineListProps;
    'Care/Instances/View': StaffMachineView;
    'Admin/Instances/List': StaffMachineListProps;
    'Admin/Instances/View': StaffMachineView;
    'Panel/Instances/List': InstanceListProps;
    'Panel/Instances/Make': InstanceMakeProps;
    'Panel/Instances/View': InstanceViewProps;
    'Panel/Instances/Edit': InstanceEditProps;
  }
}
