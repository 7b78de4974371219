import type { AdminRedirectFormProps } from '@server/modules/content/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { RedirectForm } from './parts/RedirectForm';

/** `admin.redirects.make` «ریدایرکت جدید». */
export default function RedirectMake(props: AdminRedirectFormProps) {
  return (
    <>
      <PageTitle
        title="ریدایرکت جدید"
        description="بازدیدکنندهٔ نشانی قدیمی به نشانی تازه فرستاده می‌شود؛ پارامترهای نشانی همراهش می‌روند."
      />
      <RedirectForm {...props} />
    </>
  );
}
