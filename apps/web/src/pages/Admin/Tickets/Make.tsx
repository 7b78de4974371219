import type { StaffTicketsMakeProps } from '@server/modules/support/contracts';
import { StaffTicketMake } from '../../../components/tickets/StaffTicketMake';

/** `admin.tickets.make` «ثبت تیکت برای مشتری». */
export default function AdminTicketMake(props: StaffTicketsMakeProps) {
  return <StaffTicketMake {...props} />;
}
