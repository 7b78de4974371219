import type { LatestPayment } from '@server/modules/dashboard/contracts';
import { CreditCard } from 'lucide-react';
import { ItemList } from '../../../components/ui/ItemList';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { MaybeLink } from '../../../components/ui/MaybeLink';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatToman } from '../../../lib/money';
import { useRoute } from '../../../lib/route';

/** The newest gateway payments of every customer: who, how much, how it ended, how long ago. */
export function LatestPayments({ payments }: { payments: LatestPayment[] }) {
  const route = useRoute();
  const edit = (id: number) =>
    route.has('admin.users.edit') ? route('admin.users.edit', { user: id }) : null;
  return (
    <ItemList
      items={payments}
      empty={{
        icon: CreditCard,
        title: 'هنوز پرداختی نشده',
        description: 'پرداخت‌های درگاه، تازه‌ترین در بالا، اینجا دیده می‌شوند.',
      }}
    >
      {(payment) => (
        <li key={payment.uuid} className="grid gap-1 py-2.5 first:pt-0 last:pb-0">
          <div className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-gray-900">
              <MaybeLink href={edit(payment.user.id)}>{payment.user.name || 'حساب حذف‌شده'}</MaybeLink>
            </span>
            <span className="shrink-0 text-sm text-gray-900">{formatToman(payment.amount)}</span>
          </div>
          <div className="flex items-center gap-2">
            <StatusBadge kind="payment" state={payment.status} />
            <JalaliTime
              value={payment.created_at}
              relative
              className="ms-auto shrink-0 text-xs text-gray-500"
            />
          </div>
        </li>
      )}
    </ItemList>
  );
}
