import { PowerBadge } from '../../../../components/instances/PowerBadge';
import { Badge, type BadgeTone } from '../../../../components/ui/Badge';

// The life axis (DOMAIN.md, Instances). Only a ready machine has a meaningful power state.
const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'در صف آماده‌سازی', tone: 'blue' },
  provisioning: { label: 'در حال آماده‌سازی', tone: 'blue' },
  provision_failed: { label: 'آماده‌سازی ناموفق', tone: 'red' },
  suspended: { label: 'معلق', tone: 'red' },
  deleting: { label: 'در حال حذف', tone: 'gray' },
  deletion_failed: { label: 'حذف ناتمام', tone: 'red' },
};

/** One badge a customer can read at a glance: the power of a ready machine, else its status. */
export function MachineStatus({ status, power }: { status: string; power: string }) {
  if (status === 'ready') return <PowerBadge power={power} />;
  const state = STATUS[status] ?? { label: 'نامشخص', tone: 'gray' as const };
  return (
    <Badge tone={state.tone} dot>
      {state.label}
    </Badge>
  );
}
