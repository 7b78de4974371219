import type { AdminMenuFormProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { MenuForm } from './parts/MenuForm';

/** `admin.menus.make` «آیتم جدید منو». */
export default function MenuMake(props: AdminMenuFormProps) {
  return (
    <>
      <Head title="آیتم جدید منو" />
      <PageHeader title="آیتم جدید منو" />
      <MenuForm {...props} />
    </>
  );
}
