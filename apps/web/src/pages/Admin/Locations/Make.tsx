import type { AdminLocationFormProps } from '@server/modules/catalog/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { LocationForm } from './parts/LocationForm';

/** `admin.locations.make` «دیتاسنتر جدید». */
export default function LocationMake(props: AdminLocationFormProps) {
  return (
    <>
      <PageTitle title="دیتاسنتر جدید" description="جایی که میزبان‌های سرورها در آن هستند." />
      <LocationForm {...props} />
    </>
  );
}
