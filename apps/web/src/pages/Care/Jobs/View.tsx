import type { StaffJobsViewProps } from '@server/modules/render/contracts';
import { StaffJobView } from '../../../components/render/StaffJobView';

/** `care.jobs.view` «جزئیات رندر مشتری». */
export default function CareJobView(props: StaffJobsViewProps) {
  return <StaffJobView area="care" {...props} />;
}
