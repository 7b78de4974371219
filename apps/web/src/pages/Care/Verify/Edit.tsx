import type { StaffVerifyEditProps } from '@server/modules/verification/contracts';
import { StaffVerifyEdit } from '../../../components/verify/StaffVerifyEdit';

/** `care.verify.edit` «بررسی مدارک»: the papers, the checks, claim and decide. */
export default function CareVerifyEdit(props: StaffVerifyEditProps) {
  return <StaffVerifyEdit area="care" {...props} />;
}
