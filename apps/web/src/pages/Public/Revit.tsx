import type { RevitPageProps } from '@server/modules/content/contracts';
import { PlanGrid } from '../../components/catalog/PlanGrid';
import { StaticPage } from '../../components/content/StaticPage';
import { ButtonLink } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';

/** `software.revit` (GET /software/revit): the Revit page and the plans that suit it. */
export default function Revit({ page, plans }: RevitPageProps) {
  return (
    <StaticPage page={page}>
      <section aria-labelledby="revit-plans" className="mt-12">
        <h2 id="revit-plans" className="mb-4 text-xl font-bold text-gray-900">
          پلن‌های مناسب Revit
        </h2>
        {plans.length > 0 ? (
          <PlanGrid plans={plans} />
        ) : (
          <EmptyState
            title="فعلاً پلنی برای اجاره آماده نیست"
            action={
              <ButtonLink href="/contact" variant="secondary">
                تماس با ما
              </ButtonLink>
            }
          />
        )}
      </section>
    </StaticPage>
  );
}
