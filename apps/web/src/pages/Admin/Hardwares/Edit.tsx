import type { AdminHardwareFormProps } from '@server/modules/catalog/contracts';
import { Screen } from '../../../components/ui/Screen';
import { formatNumber } from '../../../lib/digits';
import { HardwareForm } from './parts/HardwareForm';

/** `admin.hardwares.edit` «ویرایش پلن»: the same form; a price change applies to new machines only. */
export default function HardwareEdit(props: AdminHardwareFormProps) {
  const machines = props.hardware?.machines ?? 0;
  return (
    <Screen
      title="ویرایش پلن"
      description={
        machines > 0
          ? `${formatNumber(machines)} سرور با این پلن کار می‌کند؛ قیمت هر سرور همان است که هنگام سفارش بود.`
          : 'هنوز سروری با این پلن ساخته نشده است.'
      }
    >
      <HardwareForm {...props} />
    </Screen>
  );
}
