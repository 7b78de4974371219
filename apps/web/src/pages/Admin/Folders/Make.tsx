import type { AdminFolderFormProps } from '@server/modules/content/contracts';
import { Screen } from '../../../components/ui/Screen';
import { FolderForm } from './parts/FolderForm';

/** `admin.folders.make` «دسته جدید». */
export default function FolderMake(props: AdminFolderFormProps) {
  return (
    <Screen title="دسته جدید">
      <FolderForm {...props} />
    </Screen>
  );
}
