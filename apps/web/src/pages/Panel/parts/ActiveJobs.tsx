import { Clapperboard } from 'lucide-react';
import { usePage } from '../../../app/protocol';
import { DashboardSection } from '../../../components/dashboard/DashboardSection';
import { SectionLink } from '../../../components/dashboard/SectionLink';
import { ButtonLink } from '../../../components/ui/Button';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

/** The customer's render jobs under way (the shared `open_jobs`), with the way to them or to a new one. */
export function ActiveJobs() {
  const route = useRoute();
  const open = usePage().props.open_jobs ?? 0;
  if (!route.has('panel.jobs.list')) return null;
  const make = route.has('panel.jobs.make') ? route('panel.jobs.make') : null;
  return (
    <DashboardSection
      id="jobs"
      title="رندرها"
      action={<SectionLink href={route('panel.jobs.list')}>همه رندرها</SectionLink>}
    >
      <div className="flex items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Clapperboard aria-hidden="true" className="size-5" />
        </span>
        <p className="min-w-0 flex-1 text-sm text-gray-700">
          {open > 0 ? `${formatNumber(open)} رندر در جریان است.` : 'رندری در جریان نیست.'}
        </p>
        {make && (
          <ButtonLink href={make} variant="secondary" size="sm">
            رندر تازه
          </ButtonLink>
        )}
      </div>
    </DashboardSection>
  );
}
