import { Clock, Cpu, MapPin } from 'lucide-react';
import { formatDuration } from '../../lib/duration';

/**
 * The small line under a machine's name: plan, location, image (when shown) and how long it has
 * been running, the same on the home page and in «سرورهای من».
 */
export function MachineFacts({
  plan,
  location,
  image,
  uptime,
  className = 'text-xs',
}: {
  plan: string;
  location: string;
  image?: string;
  /** Milliseconds running, or null while it is not. */
  uptime: number | null;
  className?: string;
}) {
  return (
    <p className={`mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-gray-500 ${className}`}>
      <span className="inline-flex items-center gap-1">
        <Cpu aria-hidden="true" className="size-3.5" />
        {plan}
      </span>
      <span className="inline-flex items-center gap-1">
        <MapPin aria-hidden="true" className="size-3.5" />
        {location}
      </span>
      {image && <span>{image}</span>}
      {uptime !== null && (
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-3.5" />
          مدت روشن بودن: {formatDuration(uptime)}
        </span>
      )}
    </p>
  );
}
