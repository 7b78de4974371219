import type { InstanceListProps } from '@server/modules/instances/contracts';
import { Server } from 'lucide-react';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Pagination } from '../../../components/ui/Pagination';
import { Screen } from '../../../components/ui/Screen';
import { useNow } from '../../../hooks/use-now';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';
import { useRentMachineLink } from '../parts/RentMachineLink';
import { MachineCard } from './parts/MachineCard';

// Every step of a power job (stopping → stopped) is an InstanceUpdated on the owner's channel; a
// power change also moves the balance the top bar shows (`auth`).
const LIVE_EVENTS = ['InstanceUpdated'];
// Once the machine has moved on, «چند لحظه دیگر خاموش می‌شود» is no longer true: every live reload
// drops the flash messages (lib/realtime/live-state.ts).
const LIVE_PROPS = ['items', 'auth'];

/** `panel.instances.list` «سرورهای من»: every machine the customer rents, with its power buttons, kept live. */
export default function InstanceList({ items }: InstanceListProps) {
  const route = useRoute();
  const now = useNow();
  const rent = useRentMachineLink();
  const refreshing = useLiveReload(LIVE_EVENTS, LIVE_PROPS);
  const { data: machines, meta } = items;
  const page = (n: number) => `${route('panel.instances.list')}${n > 1 ? `?page=${n}` : ''}`;

  return (
    <Screen
      title="سرورهای من"
      description="همه سرورهایی که اجاره کرده‌اید؛ از همین‌جا روشن یا خاموششان کنید."
      actions={rent}
    >
      <p aria-live="polite" className="mb-2 min-h-5 text-xs text-gray-500">
        {refreshing ? 'در حال به‌روزرسانی…' : ''}
      </p>
      {machines.length === 0 ? (
        <EmptyState
          icon={Server}
          title={meta.current_page > 1 ? 'این صفحه خالی است' : 'هنوز سروری اجاره نکرده‌اید'}
          description="سرورهایی که اجاره کنید اینجا می‌آیند، با وضعیت، هزینهٔ ساعتی و دکمه‌های روشن و خاموش کردن."
          action={rent}
        />
      ) : (
        <ul aria-label="سرورها" className="grid gap-4">
          {machines.map((machine) => (
            <MachineCard key={machine.uuid} machine={machine} now={now} />
          ))}
        </ul>
      )}
      <Pagination page={meta.current_page} hasMore={meta.has_more} hrefFor={page} />
    </Screen>
  );
}
