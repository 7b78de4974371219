import type { StaffVerifyEditProps } from '@server/modules/verification/contracts';
import { StaffVerifyEdit } from '../../../components/verify/StaffVerifyEdit';

/** `admin.verify.edit` «بررسی احراز هویت»: as care, plus revoke and the full history. */
export default function AdminVerifyEdit(props: StaffVerifyEditProps) {
  return <StaffVerifyEdit area="admin" {...props} />;
}
