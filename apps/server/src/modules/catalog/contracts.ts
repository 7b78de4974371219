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
