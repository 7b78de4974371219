import type { StaffJobsListProps } from '@server/modules/render/contracts';
import { StaffJobList } from '../../../components/render/StaffJobList';

/** `care.jobs.list` «رندرهای مشتریان». */
export default function CareJobList(props: StaffJobsListProps) {
  return <StaffJobList area="care" title="رندرهای مشتریان" {...props} />;
}
