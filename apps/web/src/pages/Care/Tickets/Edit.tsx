import type { StaffTicketsEditProps } from '@server/modules/support/contracts';
import { StaffTicketEdit } from '../../../components/tickets/StaffTicketEdit';

/** `care.tickets.edit` «پاسخ به تیکت». */
export default function CareTicketEdit(props: StaffTicketsEditProps) {
  return <StaffTicketEdit {...props} />;
}
