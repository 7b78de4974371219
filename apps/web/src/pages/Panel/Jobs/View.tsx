import type { PanelJobsViewProps } from '@server/modules/render/contracts';
import { Download, FolderOpen } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { FrameGrid } from '../../../components/render/FrameGrid';
import { JobActions } from '../../../components/render/JobActions';
import { JobProgressBar } from '../../../components/render/JobProgressBar';
import { JobStatusLine } from '../../../components/render/JobStatusLine';
import { TaskList } from '../../../components/render/TaskList';
import { FORMAT_LABELS, PRIORITY_LABELS } from '../../../components/render/words';
import { buttonClasses } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { type Fact, FactList } from '../../../components/ui/FactList';
import { FailureNote } from '../../../components/ui/FailureNote';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Ltr } from '../../../components/ui/Ltr';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { SummaryCard } from '../../../components/ui/SummaryCard';
import { SummaryRow } from '../../../components/ui/SummaryRow';
import { WithAside } from '../../../components/ui/WithAside';
import { formatNumber } from '../../../lib/digits';
import { formatToman } from '../../../lib/money';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';

// JobUpdated (status, frames done, cost) and TaskUpdated (a cell of the grid, a frame saved) on
// the job's own channel; each brings the props again through the page's route.
const LIVE_EVENTS = ['JobUpdated', 'TaskUpdated'];
const LIVE_PROPS = ['job', 'tasks', 'last_frame', 'output_url', 'download_url', 'auth', 'open_jobs'];

/**
 * `panel.jobs.view` «جزئیات رندر»: the frame grid coloured by task status, the last frame
 * rendered, each task's time and Blender's last lines, the cost so far beside the estimate, and
 * the job's buttons; all live over `render-jobs.{uuid}`, with no reload.
 */
export default function JobView({ job, tasks, last_frame, output_url, download_url }: PanelJobsViewProps) {
  const route = useRoute();
  const refreshing = useLiveReload(LIVE_EVENTS, LIVE_PROPS, `render-jobs.${job.uuid}`);
  const settings: Fact[] = [
    ['صحنه', <SceneName key="s" drive={job.scene.drive.name} path={job.scene.path} />],
    ['فریم‌ها', job.frames ? <Ltr key="f">{job.frames}</Ltr> : '—'],
    ['فریم در هر بخش', job.chunk ? formatNumber(job.chunk) : '—'],
    ['قالب خروجی', job.format ? FORMAT_LABELS[job.format] : '—'],
    ['وضوح', job.resolution ? `${formatNumber(job.resolution)}٪` : '—'],
    ['نمونه‌ها', job.samples ? formatNumber(job.samples) : 'نمونه‌های خود صحنه'],
    ['اولویت', PRIORITY_LABELS[job.priority] ?? job.priority],
    ['شناسه', <Ltr key="id">{job.uuid}</Ltr>],
    ['ثبت', <JalaliTime key="c" value={job.created_at} style="datetime" />],
  ];
  if (job.started_at)
    settings.push(['آغاز رندر', <JalaliTime key="st" value={job.started_at} style="datetime" />]);
  if (job.finished_at)
    settings.push(['پایان', <JalaliTime key="fi" value={job.finished_at} style="datetime" />]);

  return (
    <Screen
      title={job.name}
      description={
        <JobStatusLine status={job.status}>
          {job.status === 'paused' && job.pause_reason === 'balance' && (
            <span className="text-sm text-amber-800">موجودی کیف پول برای بخش بعدی کافی نبود.</span>
          )}
          <span aria-live="polite" className="text-xs text-gray-500">
            {refreshing ? 'در حال به‌روزرسانی…' : ''}
          </span>
        </JobStatusLine>
      }
      actions={
        <JobActions
          actions={job.actions}
          href={(action) => route('panel.jobs.action', { job: job.uuid, action })}
        />
      }
    >
      {job.failure_reason && <FailureNote className="mb-4">{job.failure_reason}</FailureNote>}
      <WithAside
        aside={
          <>
            <SummaryCard
              title="هزینه"
              after={
                <p className="text-xs leading-6 text-gray-500">
                  هر بخش پس از رندر شدن، به اندازهٔ زمان کار نود حساب می‌شود؛ تلاش‌های ناموفق نودها هزینه‌ای
                  ندارند.
                </p>
              }
            >
              <SummaryRow label="هزینه تا کنون" emphasis="none">
                <Price rial={job.cost} />
              </SummaryRow>
              {job.estimate && (
                <SummaryRow label="برآورد هنگام ثبت" emphasis="none" end>
                  <span className="font-medium text-gray-900">{formatToman(job.estimate.estimate)}</span>
                  <span className="block text-xs text-gray-500">
                    بین {formatToman(job.estimate.low)} و {formatToman(job.estimate.high)}
                  </span>
                </SummaryRow>
              )}
            </SummaryCard>
            <Card className="p-4 sm:p-5">
              <h2 className="mb-3 font-bold text-gray-900">تنظیمات رندر</h2>
              <FactList facts={settings} />
            </Card>
          </>
        }
      >
        <Card className="grid gap-4 p-4 sm:p-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="font-bold text-gray-900">فریم‌ها</h2>
            <JobProgressBar progress={job.progress} className="w-48" />
          </div>
          <FrameGrid tasks={tasks} />
          <div className="flex flex-wrap gap-2">
            {download_url && (
              // A file, not a page: the browser downloads it (no page visit).
              <a href={download_url} download className={buttonClasses('primary', 'sm')}>
                <Download aria-hidden="true" className="size-4" />
                دریافت همهٔ فریم‌ها (zip)
              </a>
            )}
            {output_url && (
              <Link href={output_url} className={buttonClasses('secondary', 'sm')}>
                <FolderOpen aria-hidden="true" className="size-4" />
                باز کردن پوشهٔ خروجی در فضا
              </Link>
            )}
          </div>
        </Card>

        <Card className="p-4 sm:p-5">
          <h2 className="mb-3 font-bold text-gray-900">آخرین فریم رندرشده</h2>
          {last_frame ? (
            last_frame.url ? (
              <figure className="grid gap-2">
                <img
                  src={last_frame.url}
                  alt={`آخرین فریم رندرشده: ${last_frame.name}`}
                  className="max-h-96 w-auto justify-self-start rounded-lg border border-gray-200 bg-gray-50 object-contain"
                />
                <figcaption className="text-xs text-gray-600">
                  <Ltr>{last_frame.name}</Ltr>
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-gray-600">
                <Ltr>{last_frame.name}</Ltr> رندر شد؛ مرورگر فایل OpenEXR را نشان نمی‌دهد، آن را از فضا یا فایل
                zip بردارید.
              </p>
            )
          ) : (
            <p className="text-sm text-gray-600">نخستین فریم که رندر شود، همین‌جا نمایش داده می‌شود.</p>
          )}
        </Card>

        <Card className="p-4 sm:p-5">
          <h2 className="mb-3 font-bold text-gray-900">بخش‌ها</h2>
          <TaskList tasks={tasks} />
        </Card>
      </WithAside>
    </Screen>
  );
}

function SceneName({ drive, path }: { drive: string; path: string }) {
  return (
    <span className="grid">
      <span>{drive}</span>
      <Ltr className="text-xs break-all">{path}</Ltr>
    </span>
  );
}
