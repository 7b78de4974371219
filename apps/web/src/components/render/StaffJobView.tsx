import type { StaffJobsViewProps } from '@server/modules/render/contracts';
import { formatToman } from '../../lib/money';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { useRoute } from '../../lib/route';
import { Card } from '../ui/Card';
import { type Fact, FactList } from '../ui/FactList';
import { FailureNote } from '../ui/FailureNote';
import { JalaliTime } from '../ui/JalaliTime';
import { Ltr } from '../ui/Ltr';
import { Price } from '../ui/Price';
import { Screen } from '../ui/Screen';
import { StatusBadge } from '../ui/StatusBadge';
import { WithAside } from '../ui/WithAside';
import { FrameGrid } from './FrameGrid';
import { JobActions } from './JobActions';
import { JobProgressBar } from './JobProgressBar';
import { JobStatusLine } from './JobStatusLine';
import { SceneFindings } from './SceneFindings';
import { TaskList } from './TaskList';
import { FORMAT_LABELS, PRIORITY_LABELS, secondsText } from './words';

const LIVE_PROPS = ['job', 'tasks', 'last_frame', 'owner', 'ledger'];

/**
 * A customer's render job for staff (Care/Jobs/View, Admin/Jobs/View): what the customer sees,
 * plus the node on each task, every attempt with its reason, the owner, and for admins the job's
 * ledger lines; cancel and requeue ask for a reason. Live on the job's channel.
 */
export function StaffJobView({
  area,
  job,
  tasks,
  last_frame,
  owner,
  ledger,
}: StaffJobsViewProps & { area: 'care' | 'admin' }) {
  const route = useRoute();
  useLiveReload(['JobUpdated', 'TaskUpdated'], LIVE_PROPS, `render-jobs.${job.uuid}`);
  const renders = tasks.filter((t) => t.kind === 'render');
  const facts: Fact[] = [
    ['شناسه', <Ltr key="id">{job.uuid}</Ltr>],
    [
      'فضا و صحنه',
      <span key="s">
        {job.scene.drive.name}: <Ltr>{job.scene.path}</Ltr>
      </span>,
    ],
    ['فریم‌ها', job.frames ? <Ltr key="f">{job.frames}</Ltr> : '—'],
    ['قالب و وضوح', job.format ? `${FORMAT_LABELS[job.format]}، ${job.resolution ?? 100}٪` : '—'],
    ['اولویت', PRIORITY_LABELS[job.priority] ?? job.priority],
    ['زمان نودها', secondsText(job.render_seconds)],
    ['ثبت', <JalaliTime key="c" value={job.created_at} style="datetime" />],
  ];
  return (
    <Screen
      title={job.name}
      description={
        <JobStatusLine status={job.status}>
          <JobProgressBar progress={job.progress} className="w-40" />
        </JobStatusLine>
      }
      actions={
        <JobActions
          actions={job.actions}
          only={['cancel', 'requeue']}
          reason
          href={(action) => route(`${area}.jobs.action`, { job: job.id, action })}
        />
      }
    >
      {job.failure_reason && <FailureNote className="mb-4">{job.failure_reason}</FailureNote>}
      <WithAside
        aside={
          <>
            <Card className="grid gap-3 p-4 sm:p-5">
              <h2 className="font-bold text-gray-900">مشتری</h2>
              <FactList
                facts={[
                  ['نام', owner.name],
                  ['ایمیل', owner.email ? <Ltr key="e">{owner.email}</Ltr> : '—'],
                  ['موبایل', owner.mobile ? <Ltr key="m">{owner.mobile}</Ltr> : '—'],
                  ['موجودی', <Price key="b" rial={owner.balance} />],
                  ['احراز هویت', <StatusBadge key="k" kind="kyc" state={owner.kyc_status} />],
                ]}
              />
            </Card>
            <Card className="grid gap-3 p-4 sm:p-5">
              <h2 className="font-bold text-gray-900">هزینه</h2>
              <FactList
                facts={[
                  ['تا کنون', <Price key="c" rial={job.cost} />],
                  ['برآورد هنگام ثبت', job.estimate ? formatToman(job.estimate.estimate) : '—'],
                ]}
              />
            </Card>
            <Card className="p-4 sm:p-5">
              <h2 className="mb-3 font-bold text-gray-900">تنظیمات</h2>
              <FactList facts={facts} />
            </Card>
          </>
        }
      >
        <Card className="grid gap-4 p-4 sm:p-5">
          <h2 className="font-bold text-gray-900">فریم‌ها</h2>
          <FrameGrid tasks={renders} />
          {last_frame?.url && (
            <img
              src={last_frame.url}
              alt={`آخرین فریم رندرشده: ${last_frame.name}`}
              className="max-h-72 w-auto justify-self-start rounded-lg border border-gray-200 bg-gray-50 object-contain"
            />
          )}
        </Card>
        <Card className="p-4 sm:p-5">
          <h2 className="mb-3 font-bold text-gray-900">بخش‌ها، نودها و تلاش‌ها</h2>
          <TaskList tasks={tasks} />
        </Card>
        {job.check && (
          <Card className="p-4 sm:p-5">
            <h2 className="mb-3 font-bold text-gray-900">بررسی صحنه</h2>
            <SceneFindings findings={job.check} />
          </Card>
        )}
        {ledger && (
          <Card className="p-4 sm:p-5">
            <h2 className="mb-3 font-bold text-gray-900">ردیف‌های کیف پول این رندر</h2>
            {ledger.length === 0 ? (
              <p className="text-sm text-gray-600">هنوز هزینه‌ای ثبت نشده است.</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="sr-only">ردیف‌های کیف پول این رندر</caption>
                <thead>
                  <tr className="border-b border-gray-200 text-xs text-gray-500">
                    <th scope="col" className="py-2 text-start font-medium">
                      زمان
                    </th>
                    <th scope="col" className="py-2 text-start font-medium">
                      شرح
                    </th>
                    <th scope="col" className="py-2 text-end font-medium">
                      مبلغ
                    </th>
                    <th scope="col" className="py-2 text-end font-medium">
                      موجودی پس از آن
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.map((line) => (
                    <tr key={line.id} className="border-b border-gray-100 last:border-0">
                      <td className="py-2">
                        <JalaliTime value={line.created_at} style="datetime" />
                      </td>
                      <td className="py-2">{line.description}</td>
                      <td className="py-2 text-end tabular-nums">{formatToman(line.amount)}</td>
                      <td className="py-2 text-end tabular-nums">{formatToman(line.balance_after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        )}
      </WithAside>
    </Screen>
  );
}
