import type {} from '../../http/page-contracts';
import type { PlanSummary, SiteStats, SoftwareImage } from '../catalog/contracts';

export type { PlanSummary, SiteStats, SoftwareImage };

/** A blog post as lists show it. */
export interface PostSummary {
  slug: string;
  title: string;
  excerpt: string | null;
  published_at: string;
}

/** `home` (Public/Home). */
export interface PublicHomeProps {
  plans?: PlanSummary[];
  software?: SoftwareImage[];
  posts?: PostSummary[];
  stats?: Partial<SiteStats>;
}

declare module '../../http/page-contracts' {
  interface PageContracts {
    'Public/Home': PublicHomeProps;
  }
}
