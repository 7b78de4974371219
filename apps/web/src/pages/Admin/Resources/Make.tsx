import type { AdminResourceFormProps } from '@server/modules/catalog/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ResourceForm } from './parts/ResourceForm';

/** `admin.resources.make` «میزبان جدید». */
export default function ResourceMake(props: AdminResourceFormProps) {
  return (
    <>
      <PageTitle title="میزبان جدید" description="سرور فیزیکی‌ای که ماشین‌های مشتری‌ها روی آن ساخته می‌شوند." />
      <ResourceForm {...props} />
    </>
  );
}
