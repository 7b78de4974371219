import { IdCard, LifeBuoy, type LucideIcon } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

interface Row {
  label: string;
  value: number;
  icon: LucideIcon;
  route: string;
  /** Said in words beside a non-zero count: the colour only repeats it. */
  note?: string;
}

/** The queues other people work through, counted, each opening its list once that list exists. */
export function WaitingWork({ ticketsOpen, kycWaiting }: { ticketsOpen: number; kycWaiting: number }) {
  const route = useRoute();
  const rows: Row[] = [
    { label: 'تیکت‌های باز', value: ticketsOpen, icon: LifeBuoy, route: 'admin.tickets.list' },
    {
      label: 'احراز هویت در انتظار',
      value: kycWaiting,
      icon: IdCard,
      route: 'admin.verify.list',
      note: 'منتظر بررسی مدارک',
    },
  ];
  return (
    <ul className="divide-y divide-gray-100">
      {rows.map(({ label, value, icon: Icon, route: name, note }) => (
        <li key={name} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
          <Icon aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
          <span className="min-w-0 flex-1 text-sm text-gray-700">
            {route.has(name) ? (
              <Link href={route(name)} className="hover:text-brand-700 hover:underline">
                {label}
              </Link>
            ) : (
              label
            )}
            {note && value > 0 && <span className="block text-xs font-medium text-amber-800">{note}</span>}
          </span>
          <span
            className={`text-lg font-bold tabular-nums ${note && value > 0 ? 'text-amber-800' : 'text-gray-900'}`}
          >
            {formatNumber(value)}
          </span>
        </li>
      ))}
    </ul>
  );
}
