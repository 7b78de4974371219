import type { StaffTicketsMakeProps } from '@server/modules/support/contracts';
import { StaffTicketMake } from '../../../components/tickets/StaffTicketMake';

/** `care.tickets.make` «ثبت تیکت برای مشتری». */
export default function CareTicketMake(props: StaffTicketsMakeProps) {
  return <StaffTicketMake {...props} />;
}
