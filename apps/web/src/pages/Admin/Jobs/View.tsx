import type { StaffJobsViewProps } from '@server/modules/render/contracts';
import { StaffJobView } from '../../../components/render/StaffJobView';

/** `admin.jobs.view` «جزئیات رندر»: as care sees it, plus the job's ledger lines. */
export default function AdminJobView(props: StaffJobsViewProps) {
  return <StaffJobView area="admin" {...props} />;
}
