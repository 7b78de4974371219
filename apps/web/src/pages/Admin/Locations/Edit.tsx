import type { AdminLocationFormProps } from '@server/modules/catalog/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { LocationForm } from './parts/LocationForm';

/** `admin.locations.edit` «ویرایش دیتاسنتر»: inactive hides it from Make only; running machines stay. */
export default function LocationEdit(props: AdminLocationFormProps) {
  return (
    <>
      <PageTitle
        title="ویرایش دیتاسنتر"
        description="غیرفعال کردن فقط آن را از سفارش‌های تازه برمی‌دارد؛ سرورهای فعلی کار می‌کنند."
      />
      <LocationForm {...props} />
    </>
  );
}
