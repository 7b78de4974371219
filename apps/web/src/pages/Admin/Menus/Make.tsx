import type { AdminMenuFormProps } from '@server/modules/content/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { MenuForm } from './parts/MenuForm';

/** `admin.menus.make` «آیتم جدید منو». */
export default function MenuMake(props: AdminMenuFormProps) {
  return (
    <>
      <PageTitle title="آیتم جدید منو" />
      <MenuForm {...props} />
    </>
  );
}
