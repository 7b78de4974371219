import type { AdminMenuFormProps } from '@server/modules/content/contracts';
import { Screen } from '../../../components/ui/Screen';
import { MenuForm } from './parts/MenuForm';

/** `admin.menus.edit` «ویرایش منو». */
export default function MenuEdit(props: AdminMenuFormProps) {
  return (
    <Screen title="ویرایش منو">
      <MenuForm {...props} />
    </Screen>
  );
}
