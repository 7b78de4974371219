import type { AdminFolderFormProps } from '@server/modules/content/contracts';
import { Screen } from '../../../components/ui/Screen';
import { FolderForm } from './parts/FolderForm';

/** `admin.folders.edit` «ویرایش دسته». */
export default function FolderEdit(props: AdminFolderFormProps) {
  return (
    <Screen title="ویرایش دسته">
      <FolderForm {...props} />
    </Screen>
  );
}
