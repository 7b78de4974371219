import type { StaffJobRow, StaffJobsListProps } from '@server/modules/render/contracts';
import { Clapperboard } from 'lucide-react';
import { useRoute } from '../../lib/route';
import { linkColumn } from '../list/columns';
import { ListPage } from '../list/ListPage';
import { useListQuery } from '../list/use-list-query';
import type { Column } from '../ui/DataTable';
import { JalaliTime } from '../ui/JalaliTime';
import { Price } from '../ui/Price';
import { labelOptions } from '../ui/SelectField';
import { StatusBadge } from '../ui/StatusBadge';
import { STATUS_LABELS } from '../ui/status-labels';
import { JobProgressBar } from './JobProgressBar';
import { PRIORITY_LABELS, secondsText } from './words';

/**
 * Customers' render jobs for staff (Care/Jobs/List, Admin/Jobs/List): search by owner or job,
 * filters by status, priority and node (admins also a period), failed and paused first.
 */
export function StaffJobList({
  area,
  title,
  jobs,
  filters,
  options,
}: StaffJobsListProps & { area: 'care' | 'admin'; title: string }) {
  const route = useRoute();
  const query = useListQuery(route(`${area}.jobs.list`), filters);
  const columns: Column<StaffJobRow>[] = [
    linkColumn(
      'name',
      'رندر',
      (job) => route(`${area}.jobs.view`, { job: job.id }),
      (job) => job.name,
    ),
    { key: 'owner', label: 'مشتری', render: (job) => job.owner.name },
    { key: 'status', label: 'وضعیت', render: (job) => <StatusBadge kind="render_job" state={job.status} /> },
    { key: 'progress', label: 'فریم‌ها', render: (job) => <JobProgressBar progress={job.progress} /> },
    { key: 'priority', label: 'اولویت', render: (job) => PRIORITY_LABELS[job.priority] ?? job.priority },
    { key: 'cost', label: 'هزینه', numeric: true, render: (job) => <Price rial={job.cost} /> },
    ...(area === 'admin'
      ? [
          {
            key: 'seconds',
            label: 'زمان نودها',
            render: (job: StaffJobRow) => secondsText(job.render_seconds),
          },
        ]
      : []),
    {
      key: 'created',
      label: 'ثبت',
      render: (job) => <JalaliTime value={job.created_at} relative />,
    },
  ];
  return (
    <ListPage
      title={title}
      description="جست‌وجو با نام، ایمیل یا موبایل مشتری، نام رندر یا بخشی از شناسه‌اش؛ رندرهای ناموفق و متوقف بالاترند."
      query={query}
      filters={{
        fields: [
          { search: 'q', placeholder: 'مشتری، نام یا شناسهٔ رندر', className: 'flex-1 basis-64' },
          { select: 'status', label: 'وضعیت', options: labelOptions(STATUS_LABELS.render_job) },
          { select: 'priority', label: 'اولویت', options: labelOptions(PRIORITY_LABELS) },
          { select: 'node', label: 'نود', options: options.nodes },
          area === 'admin' && { period: true },
        ],
        layout: 'wrap',
      }}
      columns={columns}
      page={jobs}
      empty={{
        icon: Clapperboard,
        title: 'رندری با این جست‌وجو پیدا نشد',
        description: 'فیلترها را بردارید یا عبارت دیگری بنویسید.',
      }}
    />
  );
}
