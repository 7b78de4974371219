import type { AdminResourceFormProps } from '@server/modules/catalog/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { ResourceForm } from './parts/ResourceForm';

/** `admin.resources.make` «میزبان جدید». */
export default function ResourceMake(props: AdminResourceFormProps) {
  return (
    <>
      <Head title="میزبان جدید" />
      <PageHeader title="میزبان جدید" description="سرور فیزیکی‌ای که ماشین‌های مشتری‌ها روی آن ساخته می‌شوند." />
      <ResourceForm {...props} />
    </>
  );
}
