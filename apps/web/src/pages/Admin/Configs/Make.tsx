import type { AdminConfigFormProps } from '@server/modules/catalog/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { ConfigForm } from './parts/ConfigForm';

/** `admin.configs.make` «تنظیم جدید». */
export default function ConfigMake(props: AdminConfigFormProps) {
  return (
    <>
      <Head title="تنظیم جدید" />
      <PageHeader title="تنظیم جدید" description="کلید یکتا، گروه، نوع و مقدار." />
      <ConfigForm {...props} />
    </>
  );
}
