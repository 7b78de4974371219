import type { AdminLimitationFormProps } from '@server/modules/catalog/contracts';
import { Screen } from '../../../components/ui/Screen';
import { LimitationForm } from './parts/LimitationForm';

/** `admin.limitations.make` «محدودیت جدید». */
export default function LimitationMake(props: AdminLimitationFormProps) {
  return (
    <Screen title="محدودیت جدید" description="قانون دقیق‌تر برنده است: کاربر، بعد پلن، بعد نقش، بعد همه.">
      <LimitationForm {...props} />
    </Screen>
  );
}
