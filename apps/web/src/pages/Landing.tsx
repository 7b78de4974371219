import type { LandingProps } from '@server/modules/content/contracts';
import { PlanCard } from '../components/catalog/PlanCard';
import { StaticPage } from '../components/content/StaticPage';
import { ButtonLink } from '../components/ui/Button';

/** `landing` (GET /campaign/{slug}): a campaign's offer, plans and a sign-up that keeps its UTM tags. */
export default function Landing({ page, plans, utm }: LandingProps) {
  const query = new URLSearchParams(utm).toString();
  const signUp = `/register${query ? `?${query}` : ''}`;
  return (
    <StaticPage page={page}>
      <div className="mt-8">
        <ButtonLink href={signUp} size="lg">
          همین حالا ثبت‌نام کنید
        </ButtonLink>
      </div>
      {plans.length > 0 && (
        <section aria-labelledby="campaign-plans" className="mt-12">
          <h2 id="campaign-plans" className="mb-4 text-xl font-bold text-gray-900">
            پلن‌ها
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {plans.map((plan) => (
              <li key={plan.slug} className="flex">
                <PlanCard plan={plan} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </StaticPage>
  );
}
