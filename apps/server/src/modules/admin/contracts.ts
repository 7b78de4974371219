import type {} from '../../http/page-contracts';

/**
 * The props of the admin console's pages (Admin/Users/*, Admin/Audit), imported type-only by the
 * web. Amounts are integer Rial, times ISO-8601 UTC, days ISO (`2026-11-24`, Tehran).
 */

export type AdminUserRole = 'customer' | 'care' | 'admin';

export interface Option {
  value: string;
  label: string;
}

export interface ListMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface AdminUserRow {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  role: AdminUserRole;
  kyc_status: string;
  suspended: boolean;
  balance: number;
  created_at: string;
}

export interface AdminUsersListProps {
  items: { data: AdminUserRow[]; meta: ListMeta };
  filters: {
    q: string;
    role: string;
    kyc: string;
    suspended: string;
    /** Toman as typed (the form's unit), '' when unset. */
    balance_min: string;
    balance_max: string;
  };
  options: { roles: Option[]; kyc: Option[]; suspended: Option[] };
  /** The search also finds the accounts that sent a national code (through the identity checks' query). */
  searches_national_code: boolean;
}

export interface AdminUsersMakeProps {
  options: { roles: Option[] };
}

export interface AdminUserDetail extends AdminUserRow {
  email_verified: boolean;
  mobile_verified: boolean;
  two_factor: boolean;
  has_password: boolean;
  suspended_reason: string | null;
  suspended_at: string | null;
  updated_at: string;
}

export interface AdminLedgerLine {
  id: number;
  type: string;
  amount: number;
  balance_after: number;
  description: string;
  created_at: string;
}

export interface AdminUserMachine {
  uuid: string;
  name: string;
  plan: string;
  location: string;
  status: string;
  power: string;
}

export interface AdminUserInvoice {
  uuid: string;
  number: number | null;
  kind: string;
  status: string;
  total: number;
  created_at: string;
}

export interface AdminUserTicket {
  uuid: string;
  subject: string;
  department: string;
  status: string;
  last_message_at: string;
}

export interface AdminUserKyc {
  id: number;
  type: string;
  status: string;
  name: string;
  national_code: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  reason: string | null;
}

export interface AdminActivityLine {
  id: number;
  event: string;
  label: string;
  ip: string | null;
  at: string;
  /** Set when someone else did it on this account (an admin, or an admin impersonating). */
  by: string | null;
}

export interface AdminUsersEditProps {
  item: AdminUserDetail;
  options: { roles: Option[] };
  can: { change_role: boolean; suspend: boolean; impersonate: boolean; reset_two_factor: boolean };
  /** A fresh key for the adjustment form: a double submit of one form moves the money once. */
  adjustment_key: string;
  /** Deferred: loaded after the page shows (docs/screens.md «deferred tabs»). */
  ledger?: AdminLedgerLine[];
  machines?: AdminUserMachine[];
  activity?: AdminActivityLine[];
  invoices?: AdminUserInvoice[];
  tickets?: AdminUserTicket[];
  kyc?: AdminUserKyc[];
  /** Tabs whose module offers no query for staff yet: named, so the page says so instead of an empty list. */
  unavailable_tabs: string[];
}

/** A value in an audit entry as a person reads it; `ltr` for identifiers, codes and addresses. */
export interface AuditValue {
  text: string;
  ltr: boolean;
}

/** One changed field: its Persian label and the value before and after (null: none). */
export interface AuditChangeView {
  field: string;
  label: string;
  before: AuditValue | null;
  after: AuditValue | null;
}

export interface AuditRow {
  id: number;
  event: string;
  label: string;
  actor: { id: number; name: string; role: string } | null;
  /** The customer an impersonating admin acted as. */
  as_user: { id: number; name: string } | null;
  /**
   * What it was about: `label` in words (a person's name, or the kind of record), `name` the
   * record's name as the write saw it, `code` its identifier when the label does not name it
   * (shown left to right, Latin digits), `link` its staff page (a named route) when it has one.
   */
  subject: {
    type: string;
    id: string;
    label: string;
    name: string | null;
    code: string | null;
    link: { route: string; params: Record<string, string> } | null;
  } | null;
  ip: string | null;
  at: string;
  /** What happened, in one Persian sentence (amounts in Toman, reasons); never a secret. */
  summary: string;
  /** Before → after of each changed field, labelled in Persian; secrets only as masked. */
  changes: AuditChangeView[];
}

export interface AdminAuditProps {
  items: { data: AuditRow[]; meta: ListMeta };
  filters: { actor: string; event: string; subject: string; from: string; to: string };
  options: { actors: Option[]; events: Option[] };
}

export interface RevenuePointView {
  key: string;
  label: string;
  from: string;
  to: string;
  topups: number;
  usage: number;
  refunds: number;
  net: number;
}

export interface RevenueTotalsView {
  topups: number;
  usage: number;
  refunds: number;
  net: number;
}

export interface AdminChart1Props {
  series: RevenuePointView[];
  totals: RevenueTotalsView;
  /** The same length of days just before `from`. */
  previous: RevenueTotalsView & { from: string; to: string };
  filters: { from: string; to: string; interval: string; location: string; hardware: string };
  /** A filter that could not be used, by field, in Persian (the chart then shows the default period). */
  filter_errors: Record<string, string>;
  options: { intervals: Option[]; locations: Option[]; hardwares: Option[] };
}

export interface UsagePointView {
  key: string;
  label: string;
  from: string;
  to: string;
  running_avg: number;
  running_peak: number;
  machine_hours: number;
  new_machines: number;
  failed_provisioning: number;
}

export interface AdminChart2Props {
  series: UsagePointView[];
  /** Machine-hours of the period by plan, most first. */
  by_plan: { plan: string; hours: number }[];
  /** Per location: machine-hours, host capacity (machines) and the share of capacity-hours used (%). */
  by_location: { location: string; hours: number; capacity: number; utilisation: number }[];
  filters: { from: string; to: string; interval: string };
  filter_errors: Record<string, string>;
  options: { intervals: Option[] };
}

/** Shared while an admin is signed in as a customer: who, and the way back. */
export interface ImpersonationProp {
  admin_name: string;
  user_name: string;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Admin/Users/List': AdminUsersListProps;
    'Admin/Users/Make': AdminUsersMakeProps;
    'Admin/Users/Edit': AdminUsersEditProps;
    'Admin/Audit': AdminAuditProps;
    'Admin/Chart1': AdminChart1Props;
    'Admin/Chart2': AdminChart2Props;
  }
}
