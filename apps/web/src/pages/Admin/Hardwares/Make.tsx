import type { AdminHardwareFormProps } from '@server/modules/catalog/contracts';
import { Screen } from '../../../components/ui/Screen';
import { HardwareForm } from './parts/HardwareForm';

/** `admin.hardwares.make` «پلن جدید». */
export default function HardwareMake(props: AdminHardwareFormProps) {
  return (
    <Screen title="پلن جدید" description="مشخصات، قیمت ساعتی و نرم‌افزارهای پلن تازه را بنویسید.">
      <HardwareForm {...props} />
    </Screen>
  );
}
