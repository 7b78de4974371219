import type { StaffMachineView as Props } from '@server/modules/instances/contracts';
import { StaffMachineView } from '../../../components/instances/StaffMachineView';

/** `admin.instances.view`: one customer's machine, for admins (with host, driver and jobs). */
export default function AdminInstanceView(props: Props) {
  return <StaffMachineView area="admin" {...props} />;
}
