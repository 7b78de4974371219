import { useForm } from '@renderfarm/react';
import type { AdminHardwareFormProps, HardwareFormValues } from '@server/modules/catalog/contracts';
import type { FormEvent } from 'react';
import { Button } from '../../../../components/ui/Button';
import { bindField, formBinders } from '../../../../components/ui/bind-field';
import { Card } from '../../../../components/ui/Card';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { MoneyInput } from '../../../../components/ui/MoneyInput';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { TextField } from '../../../../components/ui/TextField';
import { useRoute } from '../../../../lib/route';

const STATUSES: { value: HardwareFormValues['status']; label: string; hint: string }[] = [
  { value: 'draft', label: 'پیش‌نویس', hint: 'فقط مدیران می‌بینند' },
  { value: 'active', label: 'فعال', hint: 'در سایت و سفارش' },
  { value: 'hidden', label: 'پنهان', hint: 'سرورهای فعلی می‌مانند؛ سفارش تازه نه' },
  { value: 'archived', label: 'بایگانی', hint: 'روی صورت‌حساب‌های قدیمی می‌ماند' },
];

type FormValues = { [K in keyof HardwareFormValues]: K extends 'image_ids' ? number[] : string };

const empty: FormValues = {
  title: '',
  slug: '',
  gpu_model: '',
  gpu_count: '1',
  vram_gb: '',
  cpu_model: '',
  cpu_cores: '',
  ram_gb: '',
  disk_gb: '',
  price_per_hour: '',
  setup_fee: '0',
  stock: '',
  per_user_limit: '',
  status: 'draft',
  description: '',
  sort: '0',
  image_ids: [],
};

/** The server's limit for the plan's description (catalog/admin-validators.ts). */
const DESCRIPTION_MAX = 5000;

function toForm(values: HardwareFormValues): FormValues {
  const out = { ...empty };
  for (const key of Object.keys(empty) as (keyof FormValues)[]) {
    const value = values[key];
    (out as Record<string, unknown>)[key] = key === 'image_ids' ? value : value === null ? '' : String(value);
  }
  return out;
}

/** The plan form of Admin/Hardwares Make and Edit: specs, price in Toman, stock, status, images. */
export function HardwareForm({ hardware, images }: AdminHardwareFormProps) {
  const route = useRoute();
  const form = useForm<FormValues>(hardware ? toForm(hardware) : empty);
  const { radio } = formBinders(form);
  const { errors } = form;
  const field = (name: Exclude<keyof FormValues, 'image_ids'>) => bindField(form, errors, name);
  // A counter in red says which field is too long; sending it would only be refused.
  const overLimit =
    form.data.title.length > 120 ||
    form.data.slug.length > 80 ||
    form.data.description.length > DESCRIPTION_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hardware) void form.put(route('admin.hardwares.update', { hardware: hardware.id }));
    else void form.post(route('admin.hardwares.store'));
  };
  const toggleImage = (id: number, on: boolean) =>
    form.setData(
      'image_ids',
      on ? [...form.data.image_ids, id] : form.data.image_ids.filter((i) => i !== id),
    );

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <h2 className="font-bold text-gray-900 sm:col-span-2">مشخصات</h2>
        <TextField label="عنوان پلن" maxLength={120} {...field('title')} />
        <TextField label="نامک (در نشانی صفحه)" ltr maxLength={80} hint="مثل rtx-4090" {...field('slug')} />
        <TextField label="مدل کارت گرافیک" ltr {...field('gpu_model')} />
        <TextField label="تعداد کارت گرافیک" inputMode="numeric" digits {...field('gpu_count')} />
        <TextField label="حافظهٔ گرافیک (گیگابایت)" inputMode="numeric" digits {...field('vram_gb')} />
        <TextField label="مدل پردازنده" ltr {...field('cpu_model')} />
        <TextField label="تعداد هستهٔ پردازنده" inputMode="numeric" digits {...field('cpu_cores')} />
        <TextField label="رم (گیگابایت)" inputMode="numeric" digits {...field('ram_gb')} />
        <TextField label="دیسک (گیگابایت)" inputMode="numeric" digits {...field('disk_gb')} />
      </Card>

      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <h2 className="font-bold text-gray-900 sm:col-span-2">قیمت و موجودی</h2>
        <MoneyInput
          label="قیمت هر ساعت"
          hint={
            hardware && hardware.machines > 0 ? 'قیمت تازه فقط برای سرورهای تازه به کار می‌رود.' : undefined
          }
          {...field('price_per_hour')}
        />
        <MoneyInput label="هزینهٔ راه‌اندازی" {...field('setup_fee')} />
        <TextField label="موجودی (خالی: بی‌سقف)" inputMode="numeric" digits {...field('stock')} />
        <TextField
          label="سقف هر کاربر (خالی: بی‌سقف)"
          inputMode="numeric"
          digits
          {...field('per_user_limit')}
        />
        <TextField label="ترتیب نمایش" inputMode="numeric" digits {...field('sort')} />
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-gray-900">وضعیت</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {STATUSES.map((status) => (
              <label
                key={status.value}
                className="flex min-h-11 items-center gap-2 rounded-xl border border-gray-200 px-3 text-sm"
              >
                <input type="radio" {...radio('status', status.value)} className="size-4 accent-brand-600" />
                <span className="font-medium text-gray-900">{status.label}</span>
                <span className="text-xs text-gray-600">{status.hint}</span>
              </label>
            ))}
          </div>
          {errors.status && <p className="mt-1.5 text-sm text-red-700">{errors.status}</p>}
        </fieldset>
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="font-bold text-gray-900">نرم‌افزارها و توضیح</h2>
        <fieldset>
          <legend className="mb-2 text-sm text-gray-700">
            تصاویر نرم‌افزاری این پلن (هیچ‌کدام را نزنید تا همهٔ تصاویر فعال پیشنهاد شوند)
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {images.map((image) => (
              <Checkbox
                key={image.id}
                label={`${image.name} (${image.os})`}
                checked={form.data.image_ids.includes(image.id)}
                onChange={(on) => toggleImage(image.id, on)}
              />
            ))}
          </div>
        </fieldset>
        <TextAreaField
          label="توضیح برای صفحهٔ پلن"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          {...field('description')}
        />
      </Card>

      <FormAlert>{errors.form}</FormAlert>
      <div>
        <Button type="submit" size="lg" disabled={form.processing || overLimit}>
          {hardware ? 'ذخیرهٔ پلن' : 'ساخت پلن'}
        </Button>
      </div>
    </form>
  );
}
