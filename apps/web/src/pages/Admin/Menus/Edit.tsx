import type { AdminMenuFormProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { MenuForm } from './parts/MenuForm';

/** `admin.menus.edit` «ویرایش منو». */
export default function MenuEdit(props: AdminMenuFormProps) {
  return (
    <>
      <Head title="ویرایش منو" />
      <PageHeader title="ویرایش منو" />
      <MenuForm {...props} />
    </>
  );
}
