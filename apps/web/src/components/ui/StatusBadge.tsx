import { Badge } from './Badge';
import { type StatusKind, statusLabel } from './status-labels';

/** A state of docs/domain.md as a badge with words (never colour alone). */
export function StatusBadge({ kind, state, dot = true }: { kind: StatusKind; state: string; dot?: boolean }) {
  const { label, tone } = statusLabel(kind, state);
  return (
    <Badge tone={tone} dot={dot}>
      {label}
    </Badge>
  );
}

/** A machine at a glance: the power of a ready machine, else where it is in its life. */
export function MachineStatusBadge({ status, power }: { status: string; power: string }) {
  return status === 'ready' ? (
    <StatusBadge kind="power" state={power} />
  ) : (
    <StatusBadge kind="instance" state={status} />
  );
}
