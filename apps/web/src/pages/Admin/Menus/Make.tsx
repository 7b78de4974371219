import type { AdminMenuFormProps } from '@server/modules/content/contracts';
import { Screen } from '../../../components/ui/Screen';
import { MenuForm } from './parts/MenuForm';

/** `admin.menus.make` «آیتم جدید منو». */
export default function MenuMake(props: AdminMenuFormProps) {
  return (
    <Screen title="آیتم جدید منو">
      <MenuForm {...props} />
    </Screen>
  );
}
