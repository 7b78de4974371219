import type { AdminLocationFormProps } from '@server/modules/catalog/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { LocationForm } from './parts/LocationForm';

/** `admin.locations.make` «دیتاسنتر جدید». */
export default function LocationMake(props: AdminLocationFormProps) {
  return (
    <>
      <Head title="دیتاسنتر جدید" />
      <PageHeader title="دیتاسنتر جدید" description="جایی که میزبان‌های سرورها در آن هستند." />
      <LocationForm {...props} />
    </>
  );
}
