import type {} from '../../../http/page-contracts';
import type { PlanSummary } from '../../../modules/catalog';

/** Panel/Shortlist/List: the plans a customer can rent now, cheapest first. */
export interface ShortlistProps {
  plans: PlanSummary[];
}

declare module '../../../http/page-contracts' {
  interface PageContracts {
    'Panel/Shortlist/List': ShortlistProps;
  }
}
