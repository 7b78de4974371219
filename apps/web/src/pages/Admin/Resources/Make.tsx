import type { AdminResourceFormProps } from '@server/modules/catalog/contracts';
import { Screen } from '../../../components/ui/Screen';
import { ResourceForm } from './parts/ResourceForm';

/** `admin.resources.make` «میزبان جدید». */
export default function ResourceMake(props: AdminResourceFormProps) {
  return (
    <Screen title="میزبان جدید" description="سرور فیزیکی‌ای که ماشین‌های مشتری‌ها روی آن ساخته می‌شوند.">
      <ResourceForm {...props} />
    </Screen>
  );
}
