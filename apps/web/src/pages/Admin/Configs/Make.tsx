import type { AdminConfigFormProps } from '@server/modules/catalog/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { ConfigForm } from './parts/ConfigForm';

/** `admin.configs.make` «تنظیم جدید». */
export default function ConfigMake(props: AdminConfigFormProps) {
  return (
    <>
      <PageTitle title="تنظیم جدید" description="کلید یکتا، گروه، نوع و مقدار." />
      <ConfigForm {...props} />
    </>
  );
}
