import type { StaffVerifyListProps } from '@server/modules/verification/contracts';
import { StaffVerifyList } from '../../../components/verify/StaffVerifyList';

/** `care.verify.list` «درخواست‌های احراز هویت»: submitted and under review, oldest first. */
export default function CareVerifyList(props: StaffVerifyListProps) {
  return (
    <StaffVerifyList
      area="care"
      title="درخواست‌های احراز هویت"
      description="درخواست‌های در صف و در حال بررسی، قدیمی‌ترین اول. یکی را بردارید، مدارک را ببینید و تصمیم بگیرید."
      {...props}
    />
  );
}
