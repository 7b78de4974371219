import type { Signup } from '@server/modules/dashboard/contracts';
import { UserPlus } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { ItemList } from '../../../components/ui/ItemList';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { MaybeLink } from '../../../components/ui/MaybeLink';
import { useRoute } from '../../../lib/route';

const ROLE_LABELS: Record<string, string> = { customer: 'مشتری', care: 'پشتیبان', admin: 'مدیر' };

/** The newest accounts, newest first, with how long ago they joined. */
export function Signups({ signups }: { signups: Signup[] }) {
  const route = useRoute();
  const edit = (id: number) =>
    route.has('admin.users.edit') ? route('admin.users.edit', { user: id }) : null;
  return (
    <ItemList
      items={signups}
      empty={{
        icon: UserPlus,
        title: 'هنوز کسی ثبت‌نام نکرده',
        description: 'حساب‌های تازه، به ترتیب زمان ساخت، اینجا دیده می‌شوند.',
      }}
    >
      {(signup) => {
        const href = edit(signup.id);
        return (
          <li key={signup.id} className="flex items-center gap-2 py-2.5 first:pt-0 last:pb-0">
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-gray-900">
              <MaybeLink href={href}>{signup.name}</MaybeLink>
            </span>
            {signup.role !== 'customer' && <Badge tone="brand">{ROLE_LABELS[signup.role] ?? 'کارمند'}</Badge>}
            <JalaliTime value={signup.created_at} relative className="shrink-0 text-xs text-gray-500" />
          </li>
        );
      }}
    </ItemList>
  );
}
