import { LifeBuoy } from 'lucide-react';
import { Link } from '../../../app/protocol';
import { DashboardSection } from '../../../components/dashboard/DashboardSection';
import { SectionLink } from '../../../components/dashboard/SectionLink';
import { TicketStatusBadge } from '../../../components/tickets/TicketStatusBadge';
import { ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { JalaliTime } from '../../../components/ui/JalaliTime';
import { useRoute } from '../../../lib/route';
import type { OpenTicket } from './home-types';

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
      {tickets.length === 0 ? (
        <EmptyState
          icon={LifeBuoy}
          title="تیکت بازی ندارید"
          description="اگر سؤالی دارید یا سرورتان درست کار نمی‌کند، به پشتیبانی پیام بدهید."
          action={
            make && (
              <ButtonLink href={make} variant="secondary">
                تیکت جدید
              </ButtonLink>
            )
          }
          className="py-8"
        />
      ) : (
        <ul className="divide-y divide-gray-100">
          {tickets.map((ticket) => {
            const href = view(ticket.uuid);
            return (
              <li key={ticket.uuid} className="py-3 first:pt-0 last:pb-0">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 text-sm font-medium break-words text-gray-900">
                    {href ? (
                      <Link href={href} className="hover:text-brand-700 hover:underline">
                        {ticket.subject}
                      </Link>
                    ) : (
                      ticket.subject
                    )}
                  </p>
                  <TicketStatusBadge status={ticket.status} />
                </div>
                <p className="mt-1 text-xs text-gray-500">
                  {ticket.department} · آخرین پیام <JalaliTime value={ticket.last_message_at} relative />
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardSection>
  );
}
