import type {} from '../../http/page-contracts';
/** The catalogue as the public pages show it (plans, software, counts); amounts in Rial. */

export interface PlanSummary {
  slug: string;
  title: string;
  gpu_model: string;
  gpu_count: number;
  vram_gb: number;
  cpu_model: string;
  cpu_cores: number;
  ram_gb: number;
  disk_gb: number;
  /** Rial per hour. */
  price_per_hour: number;
}

/** A machine image and the software installed on it. */
export interface SoftwareImage {
  name: string;
  os: string;
  software: string[];
}

export interface SiteStats {
  plans: number;
  locations: number;
  hosts: number;
  software: number;
}

// ---- Admin catalog screens (docs/screens.md §6) -------------------------------------------------

/** A plan as the admin forms edit it: prices in Toman (the database keeps Rial). */
export interface HardwareFormValues {
  title: string;
  slug: string;
  gpu_model: string;
  gpu_count: number;
  vram_gb: number;
  cpu_model: string;
  cpu_cores: number;
  ram_gb: number;
  disk_gb: number;
  price_per_hour: number;
  setup_fee: number;
  stock: number | null;
  per_user_limit: number | null;
  status: 'draft' | 'active' | 'hidden' | 'archived';
  description: string;
  sort: number;
  image_ids: number[];
}

export interface AdminHardwareRow {
  id: number;
  title: string;
  slug: string;
  gpu: string;
  vram_gb: number;
  cpu: string;
  ram_gb: number;
  disk_gb: number;
  /** Rial. */
  price_per_hour: number;
  status: string;
  stock: number | null;
  hosts: number;
  machines: number;
  running: number;
}

export interface AdminHardwareListProps {
  hardwares: AdminHardwareRow[];
}

export interface AdminHardwareFormProps {
  /** Null on Make. */
  hardware: (HardwareFormValues & { id: number; machines: number }) | null;
  images: { id: number; name: string; os: string }[];
}

export interface LocationFormValues {
  code: string;
  name: string;
  city: string;
  country: string;
  is_active: boolean;
  sort: number;
}

export interface AdminLocationRow extends LocationFormValues {
  id: number;
  hosts: number;
  capacity: number;
  machines: number;
  /** Capacity less live machines. */
  free: number;
}

export interface AdminLocationListProps {
  locations: AdminLocationRow[];
}

export interface AdminLocationFormProps {
  location: (LocationFormValues & { id: number }) | null;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Admin/Hardwares/List': AdminHardwareListProps;
    'Admin/Hardwares/Make': AdminHardwareFormProps;
    'Admin/Hardwares/Edit': AdminHardwareFormProps;
    'Admin/Locations/List': AdminLocationListProps;
    'Admin/Locations/Make': AdminLocationFormProps;
    'Admin/Locations/Edit': AdminLocationFormProps;
  }
}

export interface AdminResourceRow {
  id: number;
  name: string;
  location: string;
  plan: string;
  address: string;
  driver: 'simulated' | 'proxmox';
  status: string;
  capacity: number;
  machines: number;
  running: number;
  /** ISO-8601 UTC, or null when never checked. */
  last_seen_at: string | null;
  ports: { free: number; held: number; disabled: number };
}

export interface AdminResourceListProps {
  resources: AdminResourceRow[];
}

export interface ResourceFormValues {
  location_id: number;
  hardware_id: number;
  name: string;
  address: string;
  driver: 'simulated' | 'proxmox';
  capacity: number;
  notes: string;
  /** The driver's settings without its secrets. */
  settings: Record<string, unknown>;
  /** Which secrets are stored (the form shows «ذخیره شده» and keeps them when left empty). */
  secrets_stored: string[];
}

export interface AdminPortRow {
  id: number;
  public_ip: string;
  public_port: number;
  target_port: number;
  protocol: string;
  status: string;
  notes: string;
  host: string;
  address: string;
  /** The machine holding it, by id (Admin/Instances/View), or null. */
  instance_id: number | null;
}

export interface AdminResourceFormProps {
  resource:
    | (ResourceFormValues & { id: number; status: string; last_seen_at: string | null; machines: number })
    | null;
  plans: { id: number; title: string }[];
  locations: { id: number; name: string }[];
  ports: AdminPortRow[];
}

export interface AdminPortsProps {
  ports: {
    data: AdminPortRow[];
    meta: { current_page: number; per_page: number; total: number };
  };
  filters: { resource: number | null; status: string | null };
  hosts: { id: number; name: string }[];
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Admin/Resources/List': AdminResourceListProps;
    'Admin/Resources/Make': AdminResourceFormProps;
    'Admin/Resources/Edit': AdminResourceFormProps;
    'Admin/Ports': AdminPortsProps;
  }
}

export interface LimitationRow {
  id: number;
  scope: 'global' | 'role' | 'hardware' | 'user';
  /** As stored: role name, plan id or user id; null for global. */
  subject: string | null;
  /** How the subject reads: «همه»، «نقش مشتری»، a plan's title, a user's name. */
  subject_label: string;
  key: string;
  key_label: string;
  value: number;
  value_label: string;
  is_active: boolean;
}

export interface AdminLimitationListProps {
  limitations: LimitationRow[];
  filters: { key: string; scope: string };
  keys: { key: string; label: string }[];
}

export interface AdminLimitationFormProps {
  limitation: LimitationRow | null;
  keys: { key: string; label: string }[];
  /** Edit's "effective value for user…" preview, when `?user=` names one. */
  preview: {
    user: { id: number; name: string };
    value: number | null;
    scope: string | null;
    label: string;
  } | null;
  preview_query: string;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Admin/Limitations/List': AdminLimitationListProps;
    'Admin/Limitations/Make': AdminLimitationFormProps;
    'Admin/Limitations/Edit': AdminLimitationFormProps;
  }
}

/** A plan on the public price pages (amounts in Rial). */
export interface PublicPlan extends PlanSummary {
  setup_fee: number;
  description: string;
  /** Free places now per offered location code (0: full). */
  free: Record<string, number>;
  /** Some location has room now: only then does the page offer «اجاره این سرور». */
  rentable: boolean;
  images: SoftwareImage[];
}

export interface PriceEstimate {
  hardware: string;
  title: string;
  hours: number;
  /** Rial. */
  subtotal: number;
  tax: number;
  total: number;
}

/** `prices` «تعرفه‌ها». `estimate` comes only when the calculator asks (partial reload). */
export interface PublicPricesProps {
  plans: PublicPlan[];
  locations: { code: string; name: string; city: string }[];
  /** Rial per GB-month. */
  drive_price_per_gb_month: number;
  /** Rial per node-minute of a render job at each priority; null while the farm has no price set. */
  render_prices: { standard: number; express: number } | null;
  vat_rate: number;
  estimate?: PriceEstimate | null;
}

/** `plans` «پلن‌ها»: every active plan, or one (`plan`) with its stock and software. */
export interface PlansProps {
  plans: PublicPlan[];
  plan: PublicPlan | null;
  locations: { code: string; name: string; city: string }[];
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Public/Prices': PublicPricesProps;
    Plans: PlansProps;
  }
}

export interface ConfigRow {
  key: string;
  group: string;
  group_label: string;
  type: 'string' | 'number' | 'boolean' | 'json' | 'secret' | 'rial' | 'percent';
  /** Secrets come as «••••••»; JSON as its value. */
  value: unknown;
  description: string;
  is_public: boolean;
  /** The code reads it: its type is fixed and it cannot be deleted. */
  known: boolean;
  label: string | null;
  updated_at: string;
}

/** A software image in the images group of Admin/Configs, with what uses it. */
export interface ImageRow {
  id: number;
  name: string;
  os: string;
  software: string[];
  driver_ref: string;
  is_active: boolean;
  sort: number;
  /** Plans that offer it by name (a plan with no list offers every active image). */
  plans: number;
  /** Machines made from it and not deleted. */
  machines: number;
}

export interface AdminConfigListProps {
  groups: { group: string; label: string; configs: ConfigRow[] }[];
  images: ImageRow[];
}

export interface AdminConfigFormProps {
  config: ConfigRow | null;
  groups: { group: string; label: string }[];
  history: { id: number; old_value: unknown; new_value: unknown; actor: string | null; at: string }[];
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Admin/Configs/List': AdminConfigListProps;
    'Admin/Configs/Make': AdminConfigFormProps;
    'Admin/Configs/Edit': AdminConfigFormProps;
  }
}
