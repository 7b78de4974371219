import type { AdminHardwareFormProps } from '@server/modules/catalog/contracts';
import { PageTitle } from '../../../components/ui/PageTitle';
import { HardwareForm } from './parts/HardwareForm';

/** `admin.hardwares.make` «پلن جدید». */
export default function HardwareMake(props: AdminHardwareFormProps) {
  return (
    <>
      <PageTitle title="پلن جدید" description="مشخصات، قیمت ساعتی و نرم‌افزارهای پلن تازه را بنویسید." />
      <HardwareForm {...props} />
    </>
  );
}
