import type { StaffMachineView as Props } from '@server/modules/instances/contracts';
import { StaffMachineView } from '../../../components/instances/StaffMachineView';

/** `care.instances.view`: one customer's machine, for support staff (no secrets). */
export default function CareInstanceView(props: Props) {
  return <StaffMachineView area="care" {...props} />;
}
