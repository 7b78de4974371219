import type { StaffJobsListProps } from '@server/modules/render/contracts';
import { StaffJobList } from '../../../components/render/StaffJobList';

/** `admin.jobs.list` «رندرها». */
export default function AdminJobList(props: StaffJobsListProps) {
  return <StaffJobList area="admin" title="رندرها" {...props} />;
}
