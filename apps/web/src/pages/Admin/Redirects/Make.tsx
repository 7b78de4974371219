import type { AdminRedirectFormProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { RedirectForm } from './parts/RedirectForm';

/** `admin.redirects.make` «ریدایرکت جدید». */
export default function RedirectMake(props: AdminRedirectFormProps) {
  return (
    <>
      <Head title="ریدایرکت جدید" />
      <PageHeader
        title="ریدایرکت جدید"
        description="بازدیدکنندهٔ نشانی قدیمی به نشانی تازه فرستاده می‌شود؛ پارامترهای نشانی همراهش می‌روند."
      />
      <RedirectForm {...props} />
    </>
  );
}
