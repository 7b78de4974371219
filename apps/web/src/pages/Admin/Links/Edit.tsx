import type { AdminLinkFormProps } from '@server/modules/content/contracts';
import { Screen } from '../../../components/ui/Screen';
import { LinkForm } from './parts/LinkForm';

/** `admin.links.edit` «ویرایش پیوند». */
export default function LinkEdit(props: AdminLinkFormProps) {
  return (
    <Screen title="ویرایش پیوند">
      <LinkForm {...props} />
    </Screen>
  );
}
