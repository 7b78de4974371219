import type { AttentionMachine } from '@server/modules/instances/contracts';
import { CircleCheck } from 'lucide-react';
import { useWhen } from '../../hooks/use-when';
import { Badge, type BadgeTone } from '../ui/Badge';
import { ItemList } from '../ui/ItemList';
import { MaybeLink } from '../ui/MaybeLink';
import { statusLabel } from '../ui/status-labels';
import { TechnicalDetail } from '../ui/TechnicalDetail';

/** «از ۲۵ دقیقه پیش»; under a minute plain «همین حالا» («از همین حالا» reads as "from now on"). */
function since(at: string, relativeTo: (value: string) => string): string {
  const relative = relativeTo(at);
  return relative === 'همین حالا' ? relative : `از ${relative}`;
}

/** Why the machine is on the list, in the words staff use (the server picks failed or stuck ones). */
function problemOf(machine: AttentionMachine): { label: string; tone: BadgeTone } {
  // Failed states read as everywhere else (status-labels.ts); a stuck power change says so.
  if (machine.status === 'provision_failed' || machine.status === 'deletion_failed') {
    return statusLabel('instance', machine.status);
  }
  if (machine.power === 'starting') return { label: 'روشن شدن طول کشیده', tone: 'yellow' };
  if (machine.power === 'stopping') return { label: 'خاموش شدن طول کشیده', tone: 'yellow' };
  return { label: 'نیاز به بررسی', tone: 'yellow' };
}

/**
 * Machines needing attention: failed provisioning or deletion, or a power change stuck for more
 * than ten minutes, with the cause in Persian and the driver's own words folded under «جزئیات فنی». `hrefFor` gives the machine's page
 * in this area, or null while that page is not open to the viewer.
 */
export function AttentionList({
  machines,
  hrefFor,
}: {
  machines: AttentionMachine[];
  hrefFor: (machine: AttentionMachine) => string | null;
}) {
  const { relative } = useWhen();
  return (
    <ItemList
      items={machines}
      empty={{
        icon: CircleCheck,
        title: 'همه سرورها روبه‌راه‌اند',
        description: 'سروری با آماده‌سازی ناموفق یا روشن و خاموش شدنِ طولانی نداریم.',
      }}
    >
      {(machine) => {
        const problem = problemOf(machine);
        const href = hrefFor(machine);
        return (
          <li key={machine.id} className="py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 font-medium break-words text-gray-900">
                <MaybeLink href={href}>{machine.name}</MaybeLink>
              </p>
              <Badge tone={problem.tone} dot>
                {problem.label}
              </Badge>
            </div>
            <p className="mt-1 text-xs text-gray-500">
              {machine.plan} · {machine.location}
              {machine.power_changed_at && <> · {since(machine.power_changed_at, relative)}</>}
            </p>
            {machine.failure_reason && (
              <p className="mt-1.5 rounded-lg bg-red-50 px-2.5 py-1.5 text-sm break-words text-red-800">
                <span className="font-medium">علت: </span>
                {machine.failure_reason}
              </p>
            )}
            {machine.failure_detail && (
              <TechnicalDetail className="mt-1">{machine.failure_detail}</TechnicalDetail>
            )}
          </li>
        );
      }}
    </ItemList>
  );
}
