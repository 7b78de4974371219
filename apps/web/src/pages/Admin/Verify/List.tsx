import type { StaffVerifyListProps } from '@server/modules/verification/contracts';
import { StaffVerifyList } from '../../../components/verify/StaffVerifyList';

/** `admin.verify.list` «احراز هویت کاربران»: every status, filtered by type, status, reviewer, period. */
export default function AdminVerifyList(props: StaffVerifyListProps) {
  return (
    <StaffVerifyList
      area="admin"
      title="احراز هویت کاربران"
      description="همهٔ درخواست‌های احراز هویت در هر وضعیت؛ تازه‌ترین اول."
      {...props}
    />
  );
}
