import { useForm } from '@renderfarm/react';
import type { InstanceEditProps } from '@server/modules/instances/contracts';
import { HardDrive, Unlink } from 'lucide-react';
import { Link } from '../../../../app/protocol';
import { Button } from '../../../../components/ui/Button';
import { FormSection } from '../../../../components/ui/FormSection';
import { SelectField } from '../../../../components/ui/SelectField';
import { useRoute } from '../../../../lib/route';
import { formatGigabytes } from '../../../../lib/size';

/**
 * The drive attached to the machine (`panel.instances.edit`): detach it, or pick one of the
 * customer's free drives in the same location. Both are the drives' own actions
 * (`panel.drives.attach|detach`), which come back here; they need the machine stopped.
 */
export function MachineDrive({
  instance,
  drive,
}: {
  instance: InstanceEditProps['instance'];
  drive: InstanceEditProps['drive'];
}) {
  const route = useRoute();
  const attach = useForm({ instance: instance.uuid, drive: drive.choices[0]?.uuid ?? '' });
  const detach = useForm({});
  const stopped = instance.power === 'stopped';
  const label = (d: { name: string; size_gb: number }) => `${d.name} (${formatGigabytes(d.size_gb)})`;

  return (
    <FormSection
      id="drive"
      title="فضای ذخیره‌سازی"
      description="فایل‌های صحنه و خروجی رندر روی فضای وصل‌شده، پس از روشن‌شدن سرور در دسترس‌اند. هر سرور یک فضا می‌گیرد."
    >
      <div className="grid gap-4">
        {drive.attached ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm text-gray-800">
              <HardDrive aria-hidden="true" className="size-4 text-gray-500" />
              <span>
                وصل است به{' '}
                <Link
                  href={route('panel.drives.show', { drive: drive.attached.uuid })}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {label(drive.attached)}
                </Link>
              </span>
            </p>
            <Button
              variant="secondary"
              disabled={!stopped || detach.processing}
              onClick={() =>
                void detach.post(route('panel.drives.detach', { drive: drive.attached!.uuid }), {
                  preserveScroll: true,
                })
              }
            >
              <Unlink aria-hidden="true" className="size-4" />
              جدا کردن
            </Button>
          </div>
        ) : drive.choices.length === 0 ? (
          <p className="text-sm leading-7 text-gray-600">
            فضای آزادی در دیتاسنتر این سرور ندارید.{' '}
            <Link href={route('panel.drives.list')} className="font-medium text-brand-700 hover:underline">
              ساخت فضای تازه
            </Link>
          </p>
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              attach.transform((data) => ({ instance: data.instance }));
              void attach.post(route('panel.drives.attach', { drive: attach.data.drive }), {
                preserveScroll: true,
              });
            }}
          >
            <SelectField
              label="فضا"
              name="drive"
              value={attach.data.drive}
              onChange={(value) => attach.setData('drive', value)}
              options={drive.choices.map((d) => ({ value: d.uuid, label: label(d) }))}
              error={attach.errors.instance ?? attach.errors.drive}
            />
            <div>
              <Button type="submit" disabled={!stopped || attach.processing}>
                <HardDrive aria-hidden="true" className="size-4" />
                وصل کردن به این سرور
              </Button>
            </div>
          </form>
        )}
        {!stopped && (drive.attached || drive.choices.length > 0) && (
          <p className="text-sm text-gray-600">برای وصل یا جدا کردن فضا، نخست سرور را خاموش کنید.</p>
        )}
      </div>
    </FormSection>
  );
}
