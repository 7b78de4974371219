import type { StaffMachineListProps } from '@server/modules/instances/contracts';
import { StaffMachineList } from '../../../components/instances/StaffMachineList';

/** `admin.instances.list` «سرورهای کاربران». */
export default function AdminInstanceList(props: StaffMachineListProps) {
  return <StaffMachineList area="admin" title="سرورهای کاربران" {...props} />;
}
