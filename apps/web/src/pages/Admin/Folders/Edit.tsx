import type { AdminFolderFormProps } from '@server/modules/content/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { FolderForm } from './parts/FolderForm';

/** `admin.folders.edit` «ویرایش دسته». */
export default function FolderEdit(props: AdminFolderFormProps) {
  return (
    <>
      <PageTitle title="ویرایش دسته" />
      <FolderForm {...props} />
    </>
  );
}
