import type { AdminLinkFormProps } from '@server/modules/content/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { LinkForm } from './parts/LinkForm';

/** `admin.links.edit` «ویرایش پیوند». */
export default function LinkEdit(props: AdminLinkFormProps) {
  return (
    <>
      <PageTitle title="ویرایش پیوند" />
      <LinkForm {...props} />
    </>
  );
}
