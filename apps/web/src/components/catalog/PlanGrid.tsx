import type { PlanSummary } from '@server/modules/catalog/contracts';
import { PlanCard } from './PlanCard';

/** Plans as cards, three a row on a wide screen, each card as tall as its row. */
export function PlanGrid({ plans }: { plans: PlanSummary[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.slug} className="flex">
          <PlanCard plan={plan} />
        </li>
      ))}
    </ul>
  );
}
