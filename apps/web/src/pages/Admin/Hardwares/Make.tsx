import type { AdminHardwareFormProps } from '@server/modules/catalog/contracts';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { HardwareForm } from './parts/HardwareForm';

/** `admin.hardwares.make` «پلن جدید». */
export default function HardwareMake(props: AdminHardwareFormProps) {
  return (
    <>
      <Head title="پلن جدید" />
      <PageHeader title="پلن جدید" description="مشخصات، قیمت ساعتی و نرم‌افزارهای پلن تازه را بنویسید." />
      <HardwareForm {...props} />
    </>
  );
}
