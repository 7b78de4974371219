import type { AdminLinkFormProps } from '@server/modules/content/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { LinkForm } from './parts/LinkForm';

/** `admin.links.make` «پیوند جدید». */
export default function LinkMake(props: AdminLinkFormProps) {
  return (
    <>
      <Head title="پیوند جدید" />
      <PageHeader title="پیوند جدید" />
      <LinkForm {...props} />
    </>
  );
}
