import type { AdminLinkFormProps } from '@server/modules/content/contracts';
import { Screen } from '../../../components/ui/Screen';
import { LinkForm } from './parts/LinkForm';

/** `admin.links.make` «پیوند جدید». */
export default function LinkMake(props: AdminLinkFormProps) {
  return (
    <Screen title="پیوند جدید">
      <LinkForm {...props} />
    </Screen>
  );
}
