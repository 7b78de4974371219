import type { PoweredMachine } from '@server/modules/instances/contracts';
import { Server } from 'lucide-react';
import { DashboardSection } from '../../../components/dashboard/DashboardSection';
import { SectionLink } from '../../../components/dashboard/SectionLink';
import { MachineFacts } from '../../../components/instances/MachineFacts';
import { ButtonLink } from '../../../components/ui/Button';
import { ItemList } from '../../../components/ui/ItemList';
import { MaybeLink } from '../../../components/ui/MaybeLink';
import { Price } from '../../../components/ui/Price';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useNow } from '../../../hooks/use-now';
import { formatNumber } from '../../../lib/digits';
import { elapsedSince } from '../../../lib/duration';
import { useRoute } from '../../../lib/route';

/**
 * The machines the wallet is paying for now, kept current by the page's live reload: name, plan,
 * place, power, how long it has been on and what an hour costs.
 */
export function RunningMachines({
  machines,
  refreshing,
}: {
  machines: PoweredMachine[];
  /** A live reload is under way: said quietly, the list stays as it is meanwhile. */
  refreshing: boolean;
}) {
  const route = useRoute();
  const now = useNow();
  const list = route.has('panel.instances.list') ? route('panel.instances.list') : null;
  const view = (uuid: string) =>
    route.has('panel.instances.view') ? route('panel.instances.view', { instance: uuid }) : null;

  return (
    <DashboardSection
      id="machines"
      title={
        <>
          سرورهای روشن
          {machines.length > 0 && (
            <span className="ms-2 rounded-full bg-gray-100 px-2 py-0.5 align-middle text-xs font-medium text-gray-700">
              {formatNumber(machines.length)}
            </span>
          )}
        </>
      }
      action={
        <>
          <span aria-live="polite" className="text-xs text-gray-500">
            {refreshing ? 'در حال به‌روزرسانی…' : ''}
          </span>
          {list && <SectionLink href={list}>همه سرورها</SectionLink>}
        </>
      }
    >
      <ItemList
        items={machines}
        empty={{
          icon: Server,
          title: 'هیچ سروری روشن نیست',
          description:
            'تا وقتی سروری روشن نباشد، از موجودی شما چیزی کم نمی‌شود. هر وقت پروژه‌ای برای رندر داشتید، سروری روشن کنید.',
          action:
            // The header offers a new machine; here, the way to the ones already rented.
            list && (
              <ButtonLink href={list} variant="secondary">
                سرورهای من
              </ButtonLink>
            ),
        }}
      >
        {(machine) => {
          const href = view(machine.uuid);
          const uptime = elapsedSince(machine.running_since, now);
          return (
            <li
              key={machine.uuid}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0 flex-1 basis-52">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 font-semibold break-words text-gray-900">
                    <MaybeLink href={href}>{machine.name}</MaybeLink>
                  </span>
                  <StatusBadge kind="power" state={machine.power} />
                </p>
                <MachineFacts plan={machine.plan} location={machine.location} uptime={uptime} />
              </div>
              <Price rial={machine.price_per_hour} per="hour" />
            </li>
          );
        }}
      </ItemList>
    </DashboardSection>
  );
}
