import type { StaffTicketsEditProps } from '@server/modules/support/contracts';
import { StaffTicketEdit } from '../../../components/tickets/StaffTicketEdit';

/** `admin.tickets.edit` «پاسخ به تیکت». */
export default function AdminTicketEdit(props: StaffTicketsEditProps) {
  return <StaffTicketEdit {...props} />;
}
