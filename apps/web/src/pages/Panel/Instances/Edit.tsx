import { useForm } from '@renderfarm/react';
import type { InstanceEditProps } from '@server/modules/instances/contracts';
import { ArrowRight, RefreshCw, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Head } from '../../../app/protocol';
import { PageHeader } from '../../../components/account/PageHeader';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FormSection } from '../../../components/ui/FormSection';
import { MoneyInput } from '../../../components/ui/MoneyInput';
import { SavedNote } from '../../../components/ui/SavedNote';
import { SelectField } from '../../../components/ui/SelectField';
import { TextField } from '../../../components/ui/TextField';
import { formatNumber } from '../../../lib/digits';
import { rialToToman } from '../../../lib/money';
import { useRoute } from '../../../lib/route';
import { MachineDrive } from './parts/MachineDrive';
import { ScheduleForm } from './parts/ScheduleForm';

/**
 * `panel.instances.edit` «تنظیمات سرور»: the machine's name, idle auto-stop and the balance under
 * which it stops itself; then the danger zone, where deleting asks for the machine's name.
 */
export default function InstanceEdit({
  instance,
  images,
  schedule,
  can_delete,
  suggested_idle_stop_minutes,
  drive,
}: InstanceEditProps) {
  const route = useRoute();
  const view = route('panel.instances.view', { instance: instance.uuid });

  return (
    <>
      <Head title={`تنظیمات ${instance.name}`} />
      <PageHeader
        title="تنظیمات سرور"
        description={instance.name}
        actions={
          <ButtonLink href={view} variant="secondary">
            <ArrowRight aria-hidden="true" className="size-4" />
            بازگشت به سرور
          </ButtonLink>
        }
      />
      <div className="grid gap-8">
        <SettingsForm instance={instance} suggestedIdleStop={suggested_idle_stop_minutes} />
        <ScheduleForm uuid={instance.uuid} schedule={schedule} />
        <MachineDrive instance={instance} drive={drive} />
        <ReinstallMachine instance={instance} images={images} />
        <DeleteMachine instance={instance} canDelete={can_delete} />
      </div>
    </>
  );
}

function SettingsForm({
  instance,
  suggestedIdleStop,
}: {
  instance: InstanceEditProps['instance'];
  /** The site's suggested idle limit (Admin/Configs `idle_auto_stop_minutes`), only ever offered. */
  suggestedIdleStop: number | null;
}) {
  const route = useRoute();
  const form = useForm({
    name: instance.name,
    idle_stop_minutes: instance.idle_stop_minutes === null ? '' : String(instance.idle_stop_minutes),
    stop_below_balance:
      instance.stop_below_balance === null ? '' : String(rialToToman(instance.stop_below_balance)),
  });
  const { field } = formBinders(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.put(route('panel.instances.update', { instance: instance.uuid }), { preserveScroll: true });
  };
  return (
    <FormSection
      id="settings"
      title="نام و خاموشی خودکار"
      description="سرور بیکار یا موجودی رو به پایان، خودش خاموش می‌شود تا هزینهٔ بی‌جا کم نشود."
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField label="نام سرور" maxLength={60} autoComplete="off" {...field('name')} />
        <TextField
          label="خاموشی خودکار پس از چند دقیقه بیکاری"
          hint={`اگر پردازنده و کارت گرافیک این مدت بیکار بمانند، سرور خاموش می‌شود. خالی بگذارید تا هرگز خودکار خاموش نشود (۱۰ تا ۱۴۴۰ دقیقه).${suggestedIdleStop === null ? '' : ` پیشنهاد ما: ${formatNumber(suggestedIdleStop)} دقیقه.`}`}
          inputMode="numeric"
          digits
          {...field('idle_stop_minutes')}
        />
        <MoneyInput
          label="خاموشی وقتی موجودی کمتر شد از"
          hint="خالی بگذارید تا فقط در موجودی صفر خاموش شود."
          {...field('stop_below_balance')}
        />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={form.processing}>
            ذخیرهٔ تنظیمات
          </Button>
          <SavedNote show={form.recentlySuccessful} />
        </div>
      </form>
    </FormSection>
  );
}

function ReinstallMachine({
  instance,
  images,
}: {
  instance: InstanceEditProps['instance'];
  images: InstanceEditProps['images'];
}) {
  const route = useRoute();
  const [open, setOpen] = useState(false);
  const form = useForm({
    image: String(images.find((i) => i.name !== instance.image.name)?.id ?? images[0]?.id ?? ''),
  });
  const { field } = formBinders(form);
  const ready = instance.status === 'ready';
  const reinstall = () => {
    form.transform((data) => ({ ...data, confirm_name: instance.name }));
    void form.post(route('panel.instances.reinstall', { instance: instance.uuid }), {
      preserveScroll: true,
      onSuccess: () => setOpen(false),
    });
  };
  return (
    <FormSection
      id="reinstall"
      tone="danger"
      title="نصب دوباره با تصویر دیگر"
      description="سرور از نو با نرم‌افزارهای تصویر انتخابی ساخته می‌شود: دیسک پاک می‌شود و گذرواژهٔ تازه می‌گیرد. نشانی و پورت همان می‌ماند."
    >
      <div className="grid gap-4">
        <SelectField
          label="تصویر نرم‌افزاری تازه"
          {...field('image')}
          options={images.map((image) => ({ value: image.id, label: `${image.name} (${image.os})` }))}
        />
        <div>
          <Button variant="secondary" disabled={!ready} onClick={() => setOpen(true)}>
            <RefreshCw aria-hidden="true" className="size-4" />
            نصب دوبارهٔ سرور
          </Button>
          {!ready && <p className="mt-2 text-sm text-gray-600">نصب دوباره فقط برای سرور آماده ممکن است.</p>}
        </div>
      </div>
      {open && (
        <ConfirmDialog
          open
          danger
          title={`نصب دوبارهٔ «${instance.name}»؟`}
          confirmLabel="بله، از نو نصب شود"
          typeToConfirm={instance.name}
          busy={form.processing}
          error={form.errors.confirm_name ?? form.errors.action ?? form.errors.image}
          onConfirm={reinstall}
          onCancel={() => setOpen(false)}
        >
          همهٔ فایل‌های روی دیسک این سرور پاک می‌شوند و سرور با گذرواژهٔ تازه از نو ساخته می‌شود.
        </ConfirmDialog>
      )}
    </FormSection>
  );
}

function DeleteMachine({
  instance,
  canDelete,
}: {
  instance: InstanceEditProps['instance'];
  canDelete: InstanceEditProps['can_delete'];
}) {
  const route = useRoute();
  const [open, setOpen] = useState(false);
  const form = useForm({ confirm_name: '' });
  const destroy = () => {
    form.transform(() => ({ confirm_name: instance.name }));
    void form.delete(route('panel.instances.destroy', { instance: instance.uuid }), {
      preserveScroll: true,
      onSuccess: () => setOpen(false),
    });
  };
  return (
    <FormSection
      id="danger"
      tone="danger"
      title="حذف سرور"
      description="سرور خاموش و دیسکش پاک می‌شود و پورتش به مخزن برمی‌گردد. این کار برگشت ندارد."
    >
      {canDelete.allowed ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          حذف همیشگی این سرور
        </Button>
      ) : (
        <p className="text-sm leading-7 text-gray-600">{canDelete.reason}</p>
      )}
      {open && (
        <ConfirmDialog
          open
          danger
          title={`حذف «${instance.name}»؟`}
          confirmLabel="بله، برای همیشه حذف شود"
          typeToConfirm={instance.name}
          busy={form.processing}
          error={form.errors.confirm_name ?? form.errors.action}
          onConfirm={destroy}
          onCancel={() => setOpen(false)}
        >
          همهٔ فایل‌های روی دیسک این سرور پاک می‌شوند. اگر رندر یا فایلی روی آن دارید، نخست دریافتش کنید.
        </ConfirmDialog>
      )}
    </FormSection>
  );
}
