import type { RenderTaskView } from '@server/modules/render/contracts';
import { formatNumber } from '../../lib/digits';
import { statusLabel } from '../ui/status-labels';
import { framesText } from './words';

const CELL: Record<string, string> = {
  queued: 'bg-gray-100 text-gray-600 ring-gray-300',
  active: 'bg-amber-100 text-amber-900 ring-amber-400 animate-pulse motion-reduce:animate-none',
  completed: 'bg-green-500 text-white ring-green-600',
  failed: 'bg-red-500 text-white ring-red-600',
  canceled: 'bg-gray-50 text-gray-400 ring-gray-200 line-through',
};

const ORDER = ['completed', 'active', 'queued', 'failed', 'canceled'] as const;

/**
 * The job's frames at a glance: one cell per task (a chunk of frames), coloured by its status and
 * labelled with its first frame; the status is in each cell's name and in the legend's counts,
 * so colour is never the only sign.
 */
export function FrameGrid({ tasks }: { tasks: RenderTaskView[] }) {
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(task.status, (counts.get(task.status) ?? 0) + 1);
  return (
    <div className="grid gap-3">
      <ul aria-label="بخش‌های رندر" className="flex flex-wrap gap-1.5">
        {tasks.map((task) => {
          const words = `${framesText(task.frames)}: ${statusLabel('render_task', task.status).label}`;
          return (
            <li
              key={task.uuid}
              title={words}
              aria-label={words}
              data-status={task.status}
              className={`grid h-8 min-w-8 place-items-center rounded-md px-1 text-[11px] font-medium tabular-nums ring-1 ring-inset ${CELL[task.status] ?? CELL.queued}`}
            >
              {task.frames ? formatNumber(task.frames.start) : '—'}
            </li>
          );
        })}
      </ul>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-600">
        {ORDER.filter((status) => counts.has(status)).map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-3 rounded-sm ring-1 ring-inset ${CELL[status]}`} />
            {statusLabel('render_task', status).label}: {formatNumber(counts.get(status) ?? 0)}
          </li>
        ))}
      </ul>
    </div>
  );
}
