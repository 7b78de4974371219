import type { AdminLimitationFormProps } from '@server/modules/catalog/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { LimitationForm } from './parts/LimitationForm';

/** `admin.limitations.make` «محدودیت جدید». */
export default function LimitationMake(props: AdminLimitationFormProps) {
  return (
    <>
      <Head title="محدودیت جدید" />
      <PageHeader
        title="محدودیت جدید"
        description="قانون دقیق‌تر برنده است: کاربر، بعد پلن، بعد نقش، بعد همه."
      />
      <LimitationForm {...props} />
    </>
  );
}
