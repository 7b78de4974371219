import type { StaffMachineListProps } from '@server/modules/instances/contracts';
import { StaffMachineList } from '../../../components/instances/StaffMachineList';

/** `care.instances.list` «سرورهای مشتریان». */
export default function CareInstanceList(props: StaffMachineListProps) {
  return <StaffMachineList area="care" title="سرورهای مشتریان" {...props} />;
}
