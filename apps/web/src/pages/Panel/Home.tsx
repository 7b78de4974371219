import type { PanelHomeProps } from '@server/modules/dashboard/contracts';
import { usePage } from '../../app/protocol';
import { Screen } from '../../components/ui/Screen';
import { WithAside } from '../../components/ui/WithAside';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { ActiveJobs } from './parts/ActiveJobs';
import { Announcements } from './parts/Announcements';
import { BalanceCard } from './parts/BalanceCard';
import { KycBanner } from './parts/KycBanner';
import { OpenTickets } from './parts/OpenTickets';
import { useRentMachineLink } from './parts/RentMachineLink';
import { RunningMachines } from './parts/RunningMachines';

// A machine's power change or a ticket's reply changes what this page shows; a top-up changes the
// balance (here and in the top bar, which reads `auth`).
const LIVE_EVENTS = ['InstanceUpdated', 'TicketUpdated', 'BalanceChanged', 'KycDecided', 'JobUpdated'];
const LIVE_PROPS = [
  'machines',
  'burn_rate',
  'hours_left',
  'balance',
  'tickets',
  'auth',
  'kyc_status',
  'open_jobs',
];

/** `panel.home` «پیشخوان»: the wallet, the running machines, open tickets and news, kept live. */
export default function PanelHome({
  balance,
  burn_rate,
  hours_left,
  machines,
  kyc_status,
  suspended,
  tickets,
  announcements,
}: PanelHomeProps) {
  const user = usePage().props.auth?.user;
  const rent = useRentMachineLink(suspended);
  const refreshing = useLiveReload(LIVE_EVENTS, LIVE_PROPS);

  return (
    <Screen
      title="پیشخوان"
      description={user ? `سلام ${user.name}؛ وضعیت حساب و سرورهایتان در یک نگاه.` : undefined}
      actions={rent}
    >
      {suspended && (
        <p
          role="alert"
          className="mb-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm leading-7 text-red-800"
        >
          حساب شما معلق شده است؛ سرور تازه‌ای نمی‌توانید روشن کنید و فقط پیشخوان و تیکت‌ها باز است. برای پیگیری
          با پشتیبانی تماس بگیرید.
        </p>
      )}
      {kyc_status !== 'approved' && <KycBanner status={kyc_status} />}
      <BalanceCard balance={balance} burnRate={burn_rate} hoursLeft={hours_left} />
      <WithAside
        asideAs="div"
        className="mt-6"
        aside={
          <>
            <ActiveJobs />
            <OpenTickets tickets={tickets} />
            <Announcements posts={announcements} />
          </>
        }
      >
        <RunningMachines machines={machines} refreshing={refreshing} />
      </WithAside>
    </Screen>
  );
}
