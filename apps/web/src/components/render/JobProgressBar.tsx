import { formatNumber } from '../../lib/digits';

/** Frames done of the frames asked for, as a bar with the numbers beside it (never the bar alone). */
export function JobProgressBar({
  progress,
  className = '',
}: {
  progress: { done: number; total: number; failed: number };
  className?: string;
}) {
  const { done, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className={`grid gap-1 ${className}`}>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${formatNumber(done)} از ${formatNumber(total)} فریم`}
        className="h-2 w-full min-w-24 overflow-hidden rounded-full bg-gray-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-xs text-gray-600 tabular-nums">
        {total > 0 ? `${formatNumber(done)} از ${formatNumber(total)} فریم` : 'هنوز ثبت نشده'}
      </span>
    </div>
  );
}
