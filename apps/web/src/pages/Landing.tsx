import type { LandingProps } from '@server/modules/content/contracts';
import { CalendarX } from 'lucide-react';
import { PlanGrid } from '../components/catalog/PlanGrid';
import { StaticPage } from '../components/content/StaticPage';
import { ButtonLink } from '../components/ui/Button';
import { JalaliTime } from '../components/ui/JalaliTime';

/** `landing` (GET /campaign/{slug}): a campaign's offer, plans and a sign-up that keeps its UTM tags. */
export default function Landing({ page, plans, utm, campaign }: LandingProps) {
  const query = new URLSearchParams(utm).toString();
  const signUp = `/register${query ? `?${query}` : ''}`;
  const running = campaign.state === 'running';
  return (
    <StaticPage page={page}>
      {!running && (
        // An old ad still leads here: the offer below is not on, and the page says so first.
        <p
          role="status"
          className="mt-6 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm leading-7 text-amber-900"
        >
          <CalendarX aria-hidden="true" className="mt-1 size-4 shrink-0" />
          {campaign.state === 'ended' ? (
            <span>
              این جشنواره به پایان رسیده است
              {campaign.last_day && (
                <>
                  {' '}
                  (آخرین روز: <JalaliTime value={campaign.last_day} />)
                </>
              )}
              .
            </span>
          ) : (
            <span>
              این جشنواره هنوز آغاز نشده است
              {campaign.first_day && (
                <>
                  ؛ از <JalaliTime value={campaign.first_day} /> برگزار می‌شود
                </>
              )}
              .
            </span>
          )}
        </p>
      )}
      {running && campaign.last_day && (
        <p className="mt-6 text-sm text-gray-700">
          این جشنواره تا پایان <JalaliTime value={campaign.last_day} /> برقرار است.
        </p>
      )}
      <div className="mt-8">
        {running ? (
          <ButtonLink href={signUp} size="lg">
            همین حالا ثبت‌نام کنید
          </ButtonLink>
        ) : (
          <ButtonLink href="/prices" size="lg" variant="secondary">
            دیدن تعرفه‌ها
          </ButtonLink>
        )}
      </div>
      {plans.length > 0 && (
        <section aria-labelledby="campaign-plans" className="mt-12">
          <h2 id="campaign-plans" className="mb-4 text-xl font-bold text-gray-900">
            پلن‌ها
          </h2>
          <PlanGrid plans={plans} />
        </section>
      )}
    </StaticPage>
  );
}
