import type { PanelJobsListProps, RenderJobView } from '@server/modules/render/contracts';
import { Clapperboard, Plus } from 'lucide-react';
import { linkColumn } from '../../../components/list/columns';
import { ListPage } from '../../../components/list/ListPage';
import { useListQuery } from '../../../components/list/use-list-query';
import { JobProgressBar } from '../../../components/render/JobProgressBar';
import type { Column } from '../../../components/ui/DataTable';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { Price } from '../../../components/ui/Price';
import { labelOptions } from '../../../components/ui/SelectField';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { STATUS_LABELS } from '../../../components/ui/status-labels';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';

// Every move of a job (a frame done, a pause for balance) is a JobUpdated on the owner's channel;
// a charged task also moves the balance in the top bar (`auth`).
const LIVE_EVENTS = ['JobUpdated'];
const LIVE_PROPS = ['jobs', 'auth', 'open_jobs'];

/** `panel.jobs.list` «رندرهای من»: every render job of the customer, its progress kept live. */
export default function JobList({ jobs, filters }: PanelJobsListProps) {
  const route = useRoute();
  const refreshing = useLiveReload(LIVE_EVENTS, LIVE_PROPS);
  const query = useListQuery(route('panel.jobs.list'), filters);
  const make = route.has('panel.jobs.make') ? route('panel.jobs.make') : null;
  const columns: Column<RenderJobView>[] = [
    linkColumn(
      'name',
      'نام',
      (job) => route('panel.jobs.view', { job: job.uuid }),
      (job) => job.name,
    ),
    {
      key: 'scene',
      label: 'صحنه',
      render: (job) => (
        <span className="grid text-xs">
          <span className="text-gray-600">{job.scene.drive.name}</span>
          <Ltr className="break-all">{job.scene.path}</Ltr>
        </span>
      ),
    },
    { key: 'progress', label: 'فریم‌ها', render: (job) => <JobProgressBar progress={job.progress} /> },
    { key: 'status', label: 'وضعیت', render: (job) => <StatusBadge kind="render_job" state={job.status} /> },
    { key: 'cost', label: 'هزینه تا کنون', numeric: true, render: (job) => <Price rial={job.cost} /> },
    {
      key: 'started',
      label: 'آغاز',
      render: (job) =>
        job.started_at ? (
          <JalaliTime value={job.started_at} relative />
        ) : (
          <span className="text-gray-500">—</span>
        ),
    },
  ];
  return (
    <ListPage
      title="رندرهای من"
      description={
        <span>
          صحنه‌های Blender که روی نودهای رندر ما رندر می‌شوند؛ فریم‌ها در فضای ذخیره‌سازی شما ذخیره می‌شوند.{' '}
          <span aria-live="polite" className="text-xs text-gray-500">
            {refreshing ? 'در حال به‌روزرسانی…' : ''}
          </span>
        </span>
      }
      make={make ? { href: make, label: 'رندر تازه', icon: Plus } : undefined}
      query={query}
      filters={{
        fields: [{ select: 'status', label: 'وضعیت', options: labelOptions(STATUS_LABELS.render_job) }],
        className: 'sm:grid-cols-3',
      }}
      columns={columns}
      page={jobs}
      rowKey={(job) => job.uuid}
      empty={{
        icon: Clapperboard,
        title: filters.status ? 'رندری با این وضعیت نیست' : 'هنوز رندری نفرستاده‌اید',
        description: 'یک فایل ‎.blend را از فضای ذخیره‌سازی خود انتخاب کنید؛ پیش از ثبت، هزینه‌اش را می‌بینید.',
      }}
    />
  );
}
