import type { OpenTicket } from '@server/modules/dashboard/contracts';
import { LifeBuoy } from 'lucide-react';
import { DashboardSection } from '../../../components/dashboard/DashboardSection';
import { SectionLink } from '../../../components/dashboard/SectionLink';
import { ButtonLink } from '../../../components/ui/Button';
import { ItemList } from '../../../components/ui/ItemList';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { MaybeLink } from '../../../components/ui/MaybeLink';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useRoute } from '../../../lib/route';

/** The customer's tickets that are not closed, newest activity first, with whose turn it is. */
export function OpenTickets({ tickets }: { tickets: OpenTicket[] }) {
  const route = useRoute();
  const list = route.has('panel.tickets.list') ? route('panel.tickets.list') : null;
  const make = route.has('panel.tickets.make') ? route('panel.tickets.make') : null;
  const view = (uuid: string) =>
    route.has('panel.tickets.edit') ? route('panel.tickets.edit', { ticket: uuid }) : null;

  return (
    <DashboardSection
      id="tickets"
      title="تیکت‌های باز"
      action={list && <SectionLink href={list}>همه تیکت‌ها</SectionLink>}
    >
      <ItemList
        items={tickets}
        empty={{
          icon: LifeBuoy,
          title: 'تیکت بازی ندارید',
          description: 'اگر سؤالی دارید یا سرورتان درست کار نمی‌کند، به پشتیبانی پیام بدهید.',
          action: make && (
            <ButtonLink href={make} variant="secondary">
              تیکت جدید
            </ButtonLink>
          ),
        }}
      >
        {(ticket) => {
          const href = view(ticket.uuid);
          return (
            <li key={ticket.uuid} className="py-3 first:pt-0 last:pb-0">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 text-sm font-medium break-words text-gray-900">
                  <MaybeLink href={href}>{ticket.subject}</MaybeLink>
                </p>
                <StatusBadge kind="ticket" state={ticket.status} dot={false} />
              </div>
              <p className="mt-1 text-xs text-gray-500">
                {ticket.department} · آخرین پیام <JalaliTime value={ticket.last_message_at} relative />
              </p>
            </li>
          );
        }}
      </ItemList>
    </DashboardSection>
  );
}
