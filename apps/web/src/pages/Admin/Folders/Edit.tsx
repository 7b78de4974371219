import type { AdminFolderFormProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { FolderForm } from './parts/FolderForm';

/** `admin.folders.edit` «ویرایش دسته». */
export default function FolderEdit(props: AdminFolderFormProps) {
  return (
    <>
      <Head title="ویرایش دسته" />
      <PageHeader title="ویرایش دسته" />
      <FolderForm {...props} />
    </>
  );
}
