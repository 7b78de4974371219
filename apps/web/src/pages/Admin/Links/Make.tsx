import type { AdminLinkFormProps } from '@server/modules/content/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { LinkForm } from './parts/LinkForm';

/** `admin.links.make` «پیوند جدید». */
export default function LinkMake(props: AdminLinkFormProps) {
  return (
    <>
      <PageTitle title="پیوند جدید" />
      <LinkForm {...props} />
    </>
  );
}
