import type { AdminLocationFormProps } from '@server/modules/catalog/contracts';
import { Screen } from '../../../components/ui/Screen';
import { LocationForm } from './parts/LocationForm';

/** `admin.locations.make` «دیتاسنتر جدید». */
export default function LocationMake(props: AdminLocationFormProps) {
  return (
    <Screen title="دیتاسنتر جدید" description="جایی که میزبان‌های سرورها در آن هستند.">
      <LocationForm {...props} />
    </Screen>
  );
}
