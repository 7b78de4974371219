import { Badge, type BadgeTone } from '../ui/Badge';

// The power axis of a ready machine (DOMAIN.md, Instances). The changing states are amber: the
// meter is already running for them, but the machine is not usable yet (or any more).
const POWER: Record<string, { label: string; tone: BadgeTone }> = {
  starting: { label: 'در حال روشن شدن', tone: 'yellow' },
  running: { label: 'روشن', tone: 'green' },
  stopping: { label: 'در حال خاموش شدن', tone: 'yellow' },
  stopped: { label: 'خاموش', tone: 'gray' },
};

const UNKNOWN = { label: 'نامشخص', tone: 'gray' as const };

/** Whether a machine is on, off or on its way, in words. */
export function PowerBadge({ power }: { power: string }) {
  const state = POWER[power] ?? UNKNOWN;
  return (
    <Badge tone={state.tone} dot>
      {state.label}
    </Badge>
  );
}
