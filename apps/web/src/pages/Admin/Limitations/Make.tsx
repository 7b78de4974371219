import type { AdminLimitationFormProps } from '@server/modules/catalog/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { LimitationForm } from './parts/LimitationForm';

/** `admin.limitations.make` «محدودیت جدید». */
export default function LimitationMake(props: AdminLimitationFormProps) {
  return (
    <>
      <PageTitle
        title="محدودیت جدید"
        description="قانون دقیق‌تر برنده است: کاربر، بعد پلن، بعد نقش، بعد همه."
      />
      <LimitationForm {...props} />
    </>
  );
}
