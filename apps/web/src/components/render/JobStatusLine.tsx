import type { ReactNode } from 'react';
import { StatusBadge } from '../ui/StatusBadge';

/** A render job's state under its name: the badge, then what the page adds (progress, a reason). */
export function JobStatusLine({ status, children }: { status: string; children?: ReactNode }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <StatusBadge kind="render_job" state={status} />
      {children}
    </span>
  );
}
