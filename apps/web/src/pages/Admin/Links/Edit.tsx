import type { AdminLinkFormProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { LinkForm } from './parts/LinkForm';

/** `admin.links.edit` «ویرایش پیوند». */
export default function LinkEdit(props: AdminLinkFormProps) {
  return (
    <>
      <Head title="ویرایش پیوند" />
      <PageHeader title="ویرایش پیوند" />
      <LinkForm {...props} />
    </>
  );
}
