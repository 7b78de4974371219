import type { StaffMember } from '@server/modules/dashboard/contracts';
import { Users } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { ItemList } from '../../../components/ui/ItemList';

const ROLE_LABELS: Record<string, string> = { care: 'پشتیبان', admin: 'مدیر' };

/** Colleagues seen in the last few minutes, so a handover or a second opinion is one message away. */
export function StaffOnline({ staff, selfId }: { staff: StaffMember[]; selfId: number | string | null }) {
  return (
    <ItemList
      items={staff}
      className="space-y-2"
      empty={{
        icon: Users,
        title: 'کسی از همکاران آنلاین نیست',
        description: 'همکارانی که در چند دقیقه گذشته کار کرده‌اند، اینجا دیده می‌شوند.',
      }}
    >
      {(member) => (
        <li key={member.id} className="flex items-center gap-2.5">
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-green-500" />
          <span className="min-w-0 flex-1 truncate text-sm text-gray-900">
            {member.name}
            {String(member.id) === String(selfId) && <span className="text-gray-500"> (شما)</span>}
          </span>
          <Badge tone={member.role === 'admin' ? 'brand' : 'gray'}>
            {ROLE_LABELS[member.role] ?? 'کارمند'}
          </Badge>
        </li>
      )}
    </ItemList>
  );
}
