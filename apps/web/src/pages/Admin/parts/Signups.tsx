import { UserPlus } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { Badge } from '../../../components/ui/Badge';
import { EmptyState } from '../../../components/ui/EmptyState';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { useRoute } from '../../../lib/route';
import type { Signup } from './dash-types';

const ROLE_LABELS: Record<string, string> = { customer: 'مشتری', care: 'پشتیبان', admin: 'مدیر' };

/** The newest accounts, newest first, with how long ago they joined. */
export function Signups({ signups }: { signups: Signup[] }) {
  const route = useRoute();
  const edit = (id: number) =>
    route.has('admin.users.edit') ? route('admin.users.edit', { user: id }) : null;
  if (signups.length === 0) {
    return (
      <EmptyState
        icon={UserPlus}
        title="هنوز کسی ثبت‌نام نکرده"
        description="حساب‌های تازه، به ترتیب زمان ساخت، اینجا دیده می‌شوند."
        className="py-8"
      />
    );
  }
  return (
    <ul className="divide-y divide-gray-100">
      {signups.map((signup) => {
        const href = edit(signup.id);
        return (
          <li key={signup.id} className="flex items-center gap-2 py-2.5 first:pt-0 last:pb-0">
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-gray-900">
              {href ? (
                <Link href={href} className="hover:text-brand-700 hover:underline">
                  {signup.name}
                </Link>
              ) : (
                signup.name
              )}
            </span>
            {signup.role !== 'customer' && <Badge tone="brand">{ROLE_LABELS[signup.role] ?? 'کارمند'}</Badge>}
            <JalaliTime value={signup.created_at} relative className="shrink-0 text-xs text-gray-500" />
          </li>
        );
      })}
    </ul>
  );
}
