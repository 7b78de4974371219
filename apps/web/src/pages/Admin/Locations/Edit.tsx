import type { AdminLocationFormProps } from '@server/modules/catalog/contracts';
import { Screen } from '../../../components/ui/Screen';
import { LocationForm } from './parts/LocationForm';

/** `admin.locations.edit` «ویرایش دیتاسنتر»: inactive hides it from Make only; running machines stay. */
export default function LocationEdit(props: AdminLocationFormProps) {
  return (
    <Screen
      title="ویرایش دیتاسنتر"
      description="غیرفعال کردن فقط آن را از سفارش‌های تازه برمی‌دارد؛ سرورهای فعلی کار می‌کنند."
    >
      <LocationForm {...props} />
    </Screen>
  );
}
