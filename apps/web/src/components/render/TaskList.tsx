import type { RenderTaskStaffView, RenderTaskView } from '@server/modules/render/contracts';
import { formatNumber } from '../../lib/digits';
import { formatToman } from '../../lib/money';
import { JalaliTime } from '../ui/JalaliTime';
import { Ltr } from '../ui/Ltr';
import { StatusBadge } from '../ui/StatusBadge';
import { LogTail } from './LogTail';
import { framesText, secondsText } from './words';

const OUTCOMES: Record<string, string> = {
  completed: 'رندر شد',
  failed: 'ناموفق',
  expired: 'بی‌پاسخ ماند (مهلتش گذشت)',
  released: 'نود آن را پس داد',
  canceled: 'لغو شد',
};

const isStaff = (task: RenderTaskView | RenderTaskStaffView): task is RenderTaskStaffView =>
  'attempts_log' in task;

/**
 * Each task of a job: its frames, status, the node's time and cost, and Blender's last lines; for
 * staff also the node on it and every attempt with its outcome and reason.
 */
export function TaskList({ tasks }: { tasks: (RenderTaskView | RenderTaskStaffView)[] }) {
  if (tasks.length === 0) return <p className="text-sm text-gray-600">هنوز بخشی برای رندر ثبت نشده است.</p>;
  return (
    <ol className="grid gap-2">
      {tasks.map((task) => (
        <li key={task.uuid} className="grid gap-1.5 border-b border-gray-100 pb-2 text-sm last:border-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-gray-900">{framesText(task.frames)}</span>
            <StatusBadge kind="render_task" state={task.status} />
            {task.render_seconds !== null && (
              <span className="text-gray-600">{secondsText(task.render_seconds)}</span>
            )}
            {task.cost !== null && <span className="text-gray-600">{formatToman(task.cost)}</span>}
            {task.attempts > 1 && (
              <span className="text-xs text-gray-500">{formatNumber(task.attempts)} بار تلاش</span>
            )}
            {isStaff(task) && task.node && (
              <span className="text-xs text-gray-600">
                نود: <Ltr>{task.node.name}</Ltr>
              </span>
            )}
          </div>
          {isStaff(task) && task.attempts_log.length > 0 && (
            <ul className="grid gap-1 ps-3 text-xs text-gray-600">
              {task.attempts_log.map((attempt) => (
                <li key={`${attempt.node.uuid}:${attempt.finished_at}`} className="flex flex-wrap gap-x-2">
                  <Ltr>{attempt.node.name}</Ltr>
                  <span>{OUTCOMES[attempt.outcome] ?? attempt.outcome}</span>
                  {attempt.reason && <span className="text-red-700">{attempt.reason}</span>}
                  <JalaliTime value={attempt.finished_at} style="datetime" className="text-gray-500" />
                </li>
              ))}
            </ul>
          )}
          <LogTail log={task.log_tail} />
        </li>
      ))}
    </ol>
  );
}
