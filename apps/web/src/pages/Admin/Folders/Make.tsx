import type { AdminFolderFormProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { FolderForm } from './parts/FolderForm';

/** `admin.folders.make` «دسته جدید». */
export default function FolderMake(props: AdminFolderFormProps) {
  return (
    <>
      <Head title="دسته جدید" />
      <PageHeader title="دسته جدید" />
      <FolderForm {...props} />
    </>
  );
}
