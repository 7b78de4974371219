import type { AdminFolderFormProps } from '@server/modules/content/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { FolderForm } from './parts/FolderForm';

/** `admin.folders.make` «دسته جدید». */
export default function FolderMake(props: AdminFolderFormProps) {
  return (
    <>
      <PageTitle title="دسته جدید" />
      <FolderForm {...props} />
    </>
  );
}
