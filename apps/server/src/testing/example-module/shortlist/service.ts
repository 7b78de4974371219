import type { Database } from '../../../db/client';
import { type PlanSummary, rentablePlans } from '../../../modules/catalog';

/** The module's service: another module's data only through that module's face (catalog). */
export function createShortlist(db: Database) {
  return {
    async plans(): Promise<PlanSummary[]> {
      return (await rentablePlans(db, 50)).sort((a, b) => a.price_per_hour - b.price_per_hour);
    },
  };
}

export type Shortlist = ReturnType<typeof createShortlist>;
