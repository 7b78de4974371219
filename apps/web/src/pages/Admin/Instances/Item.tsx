import type { AdminMachineItemsProps } from '@server/modules/instances/contracts';
import { Receipt } from 'lucide-react';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Card } from '../../../components/ui/Card';
import { type Column, DataTable } from '../../../components/ui/DataTable';
import { DownloadLink } from '../../../components/ui/DownloadLink';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { Price } from '../../../components/ui/Price';
import { formatNumber } from '../../../lib/digits';
import { formatJalali } from '../../../lib/jalali-date';
import { formatToman } from '../../../lib/money';
import { useRoute } from '../../../lib/route';

type Session = AdminMachineItemsProps['sessions'][number];

/** `admin.instances.item` «ریز مصرف سرور»: each running session, its minutes and cost; monthly totals. */
export default function MachineItems({ machine, sessions, totals }: AdminMachineItemsProps) {
  const route = useRoute();
  const months = new Map<string, { minutes: number; amount: number }>();
  for (const s of sessions) {
    const month = `${formatJalali(s.start, 'month')} ${formatJalali(s.start, 'year')}`;
    const total = months.get(month) ?? { minutes: 0, amount: 0 };
    months.set(month, { minutes: total.minutes + s.minutes, amount: total.amount + s.amount });
  }
  // The range of the charged minutes (every started minute is one), so end − start is the minutes.
  const columns: Column<Session>[] = [
    { key: 'start', label: 'آغاز', render: (s) => <JalaliTime value={s.from} style="datetime" /> },
    {
      key: 'stop',
      label: 'پایان',
      render: (s) => (s.stop ? <JalaliTime value={s.to} style="datetime" /> : 'هنوز روشن'),
    },
    { key: 'minutes', label: 'دقیقه', numeric: true, render: (s) => formatNumber(s.minutes) },
    { key: 'amount', label: 'مبلغ', numeric: true, render: (s) => formatToman(s.amount) },
  ];
  return (
    <>
      <Head title={`ریز مصرف ${machine.name}`} />
      <PageHeader
        title={`ریز مصرف «${machine.name}»`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {machine.owner} · <Price rial={machine.price_per_hour} per="hour" />
          </span>
        }
        actions={<DownloadLink href={route('admin.instances.item.export', { instance: machine.id })} />}
      />
      <div className="grid gap-6">
        <Card className="p-4 text-sm sm:p-5">
          <p>
            جمع: {formatNumber(totals.minutes)} دقیقه، {formatToman(totals.amount)}
          </p>
          <ul className="mt-2 grid gap-1 text-gray-700">
            {[...months].map(([month, total]) => (
              <li key={month}>
                {month}: {formatNumber(total.minutes)} دقیقه، {formatToman(total.amount)}
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-2 sm:p-4">
          <DataTable
            caption="نوبت‌های روشن بودن"
            columns={columns}
            rows={sessions}
            rowKey={(s) => s.start}
            empty={{ icon: Receipt, title: 'این سرور هنوز روشن نشده است' }}
          />
        </Card>
      </div>
    </>
  );
}
