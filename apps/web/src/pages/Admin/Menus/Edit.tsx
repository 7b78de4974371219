import type { AdminMenuFormProps } from '@server/modules/content/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { MenuForm } from './parts/MenuForm';

/** `admin.menus.edit` «ویرایش منو». */
export default function MenuEdit(props: AdminMenuFormProps) {
  return (
    <>
      <PageTitle title="ویرایش منو" />
      <MenuForm {...props} />
    </>
  );
}
