import type { StaffTicketsListProps } from '@server/modules/support/contracts';
import { StaffTicketList } from '../../../components/tickets/StaffTicketList';

/** `admin.tickets.list` «تیکت‌ها». */
export default function AdminTicketList(props: StaffTicketsListProps) {
  return <StaffTicketList title="تیکت‌ها" {...props} />;
}
