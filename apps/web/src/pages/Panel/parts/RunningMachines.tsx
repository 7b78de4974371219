import { Clock, MapPin, Server } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { DashboardSection } from '../../../components/dashboard/DashboardSection';
import { SectionLink } from '../../../components/dashboard/SectionLink';
import { PowerBadge } from '../../../components/instances/PowerBadge';
import { ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Price } from '../../../components/ui/Price';
import { useNow } from '../../../hooks/use-now';
import { formatNumber } from '../../../lib/digits';
import { elapsedSince, formatDuration } from '../../../lib/duration';
import { useRoute } from '../../../lib/route';
import type { PoweredMachine } from './home-types';

/**
 * The machines the wallet is paying for now, kept current by the page's live reload: name, plan,
 * place, power, how long it has been on and what an hour costs.
 */
export function RunningMachines({
  machines,
  refreshing,
  className = '',
}: {
  machines: PoweredMachine[];
  /** A live reload is under way: said quietly, the list stays as it is meanwhile. */
  refreshing: boolean;
  className?: string;
}) {
  const route = useRoute();
  const now = useNow();
  const list = route.has('panel.instances.list') ? route('panel.instances.list') : null;
  const view = (uuid: string) =>
    route.has('panel.instances.view') ? route('panel.instances.view', { instance: uuid }) : null;

  return (
    <DashboardSection
      id="machines"
      className={className}
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
      {machines.length === 0 ? (
        <EmptyState
          icon={Server}
          title="هیچ سروری روشن نیست"
          description="تا وقتی سروری روشن نباشد، از موجودی شما چیزی کم نمی‌شود. هر وقت پروژه‌ای برای رندر داشتید، سروری روشن کنید."
          action={
            // The header offers a new machine; here, the way to the ones already rented.
            list && (
              <ButtonLink href={list} variant="secondary">
                سرورهای من
              </ButtonLink>
            )
          }
          className="py-8"
        />
      ) : (
        <ul className="divide-y divide-gray-100">
          {machines.map((machine) => {
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
                      {href ? (
                        <Link href={href} className="hover:text-brand-700 hover:underline">
                          {machine.name}
                        </Link>
                      ) : (
                        machine.name
                      )}
                    </span>
                    <PowerBadge power={machine.power} />
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-500">
                    <span>{machine.plan}</span>
                    <span className="inline-flex items-center gap-1">
                      <MapPin aria-hidden="true" className="size-3.5" />
                      {machine.location}
                    </span>
                    {uptime !== null && (
                      <span className="inline-flex items-center gap-1">
                        <Clock aria-hidden="true" className="size-3.5" />
                        مدت روشن بودن: {formatDuration(uptime)}
                      </span>
                    )}
                  </p>
                </div>
                <Price rial={machine.price_per_hour} per="hour" />
              </li>
            );
          })}
        </ul>
      )}
    </DashboardSection>
  );
}
