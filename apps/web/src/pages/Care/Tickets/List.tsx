import type { StaffTicketsListProps } from '@server/modules/support/contracts';
import { StaffTicketList } from '../../../components/tickets/StaffTicketList';

/** `care.tickets.list` «صف تیکت‌ها». */
export default function CareTicketList(props: StaffTicketsListProps) {
  return <StaffTicketList title="صف تیکت‌ها" {...props} />;
}
