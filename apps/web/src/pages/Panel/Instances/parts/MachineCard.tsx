import type { OwnedMachine } from '@server/modules/instances/contracts';
import { MachineFacts } from '../../../../components/instances/MachineFacts';
import { PowerControls } from '../../../../components/instances/PowerControls';
import { Card } from '../../../../components/ui/Card';
import { CopyButton } from '../../../../components/ui/CopyButton';
import { FailureNote } from '../../../../components/ui/FailureNote';
import { Ltr } from '../../../../components/ui/Ltr';
import { MaybeLink } from '../../../../components/ui/MaybeLink';
import { Price } from '../../../../components/ui/Price';
import { MachineStatusBadge } from '../../../../components/ui/StatusBadge';
import { elapsedSince } from '../../../../lib/duration';
import { useRoute } from '../../../../lib/route';

/**
 * One machine: what it is, where, its state in words, what an hour costs, how to connect, and
 * the power buttons its state allows. A refused request is shown here, beside this machine.
 */
export function MachineCard({ machine, now }: { machine: OwnedMachine; now: number | null }) {
  const route = useRoute();
  const uptime = machine.status === 'ready' ? elapsedSince(machine.running_since, now) : null;
  const address = machine.host && machine.port ? `${machine.host}:${machine.port}` : null;

  return (
    <Card as="li" aria-labelledby={`machine-${machine.uuid}`} className="min-w-0 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-60">
          <h2 id={`machine-${machine.uuid}`} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 font-bold break-words text-gray-900">
              <MaybeLink
                href={
                  route.has('panel.instances.view')
                    ? route('panel.instances.view', { instance: machine.uuid })
                    : null
                }
              >
                {machine.name}
              </MaybeLink>
            </span>
            <MachineStatusBadge status={machine.status} power={machine.power} />
          </h2>
          <MachineFacts
            plan={machine.plan.title}
            location={machine.location.name}
            image={machine.image.name}
            uptime={uptime}
          />
        </div>
        <Price rial={machine.price_per_hour} per="hour" />
      </div>

      {address && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-gray-50 px-3 py-2 text-sm">
          <span className="text-gray-600">نشانی اتصال:</span>
          {/* Latin digits: in Persian ones the dots of an address read as zeros. */}
          <Ltr className="font-medium text-gray-900 select-all">{address}</Ltr>
          <CopyButton value={address} label="کپی نشانی" />
        </div>
      )}

      {machine.failure_reason && <FailureNote className="mt-3">{machine.failure_reason}</FailureNote>}

      <PowerControls machine={machine} />
    </Card>
  );
}
