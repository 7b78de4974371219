import type { AdminConfigFormProps } from '@server/modules/catalog/contracts';
import { Screen } from '../../../components/ui/Screen';
import { ConfigForm } from './parts/ConfigForm';

/** `admin.configs.make` «تنظیم جدید». */
export default function ConfigMake(props: AdminConfigFormProps) {
  return (
    <Screen title="تنظیم جدید" description="کلید یکتا، گروه، نوع و مقدار.">
      <ConfigForm {...props} />
    </Screen>
  );
}
