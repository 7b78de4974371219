import type { AdminRedirectFormProps } from '@server/modules/content/contracts';
import { Screen } from '../../../components/ui/Screen';
import { RedirectForm } from './parts/RedirectForm';

/** `admin.redirects.make` «ریدایرکت جدید». */
export default function RedirectMake(props: AdminRedirectFormProps) {
  return (
    <Screen
      title="ریدایرکت جدید"
      description="بازدیدکنندهٔ نشانی قدیمی به نشانی تازه فرستاده می‌شود؛ پارامترهای نشانی همراهش می‌روند."
    >
      <RedirectForm {...props} />
    </Screen>
  );
}
