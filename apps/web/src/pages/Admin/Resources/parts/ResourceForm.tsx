import { useForm } from '@renderfarm/react';
import type { AdminResourceFormProps } from '@server/modules/catalog/contracts';
import type { FormEvent } from 'react';
import { Button } from '../../../../components/ui/Button';
import { formBinders } from '../../../../components/ui/bind-field';
import { Card } from '../../../../components/ui/Card';
import { FieldError } from '../../../../components/ui/FieldError';
import { FormAlert } from '../../../../components/ui/FormAlert';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { TextField } from '../../../../components/ui/TextField';
import { useRoute } from '../../../../lib/route';

type Settings = Record<string, string>;

const SETTINGS: Record<
  'simulated' | 'proxmox',
  { key: string; label: string; hint?: string; secret?: boolean; ltr?: boolean }[]
> = {
  simulated: [
    { key: 'latency_ms', label: 'تأخیر هر کار (میلی‌ثانیه)', hint: 'خالی: پیش‌فرض سرور', ltr: true },
    {
      key: 'failure_rate',
      label: 'نرخ خطا (۰ تا ۱)',
      hint: 'مثلاً ۰٫۰۵ یعنی پنج درصد کارها خطا می‌دهند',
      ltr: true,
    },
    { key: 'seed', label: 'بذر تصادفی', hint: 'با یک بذر، خطاها هر بار همان‌جا رخ می‌دهند', ltr: true },
  ],
  proxmox: [
    { key: 'url', label: 'نشانی API', hint: 'مثل https://pve1.example.com:8006', ltr: true },
    { key: 'token_id', label: 'شناسهٔ توکن', hint: 'مثل root@pam!renderfarm', ltr: true },
    { key: 'token_secret', label: 'رمز توکن', secret: true, ltr: true },
    { key: 'node', label: 'نام نود', hint: 'مثل pve1', ltr: true },
    { key: 'template_storage', label: 'فضای ذخیرهٔ کلون‌ها (اختیاری)', ltr: true },
  ],
};

/** The host form of Admin/Resources Make and Edit; driver settings change with the driver. */
export function ResourceForm({ resource, plans, locations }: AdminResourceFormProps) {
  const route = useRoute();
  const form = useForm({
    location_id: String(resource?.location_id ?? locations[0]?.id ?? ''),
    hardware_id: String(resource?.hardware_id ?? plans[0]?.id ?? ''),
    name: resource?.name ?? '',
    address: resource?.address ?? '',
    driver: resource?.driver ?? 'simulated',
    capacity: String(resource?.capacity ?? 1),
    notes: resource?.notes ?? '',
    settings: Object.fromEntries(
      Object.entries(resource?.settings ?? {}).map(([k, v]) => [
        k,
        v === null || v === undefined ? '' : String(v),
      ]),
    ) as Settings,
  });
  const { errors } = form;
  const { field, radio } = formBinders(form);
  const errorOf = (key: string) => (errors as Record<string, string | undefined>)[`settings.${key}`];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resource) void form.put(route('admin.resources.update', { resource: resource.id }));
    else void form.post(route('admin.resources.store'));
  };
  const select = (
    name: 'location_id' | 'hardware_id',
    label: string,
    options: { id: number; label: string }[],
  ) => (
    <SelectField
      label={label}
      name={name}
      value={form.data[name]}
      onChange={(value) => form.setData(name, value)}
      options={options.map((option) => ({ value: option.id, label: option.label }))}
      error={errors[name]}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        {select(
          'location_id',
          'دیتاسنتر',
          locations.map((l) => ({ id: l.id, label: l.name })),
        )}
        {select(
          'hardware_id',
          'پلن سخت‌افزاری',
          plans.map((p) => ({ id: p.id, label: p.title })),
        )}
        <TextField label="نام میزبان" ltr hint="مثل thr1-gpu-03" {...field('name')} />
        <TextField label="نشانی در شبکهٔ داخلی" ltr hint="IP یا نام دامنه" {...field('address')} />
        <TextField label="ظرفیت (تعداد سرور)" inputMode="numeric" digits {...field('capacity')} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-900">درایور</legend>
          <div className="flex flex-wrap gap-2">
            {(['simulated', 'proxmox'] as const).map((driver) => (
              <label
                key={driver}
                className="flex min-h-11 items-center gap-2 rounded-xl border border-gray-200 px-3 text-sm"
              >
                <input type="radio" {...radio('driver', driver)} className="size-4 accent-brand-600" />
                {driver === 'simulated' ? 'شبیه‌سازی‌شده' : 'پراکسماکس (Proxmox VE)'}
              </label>
            ))}
          </div>
          <FieldError id="driver-error" error={errors.driver} />
        </fieldset>
        <div className="sm:col-span-2">
          <TextAreaField label="یادداشت" rows={2} {...field('notes')} />
        </div>
      </Card>

      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <h2 className="font-bold text-gray-900 sm:col-span-2">
          تنظیمات درایور {form.data.driver === 'simulated' ? 'شبیه‌سازی‌شده' : 'پراکسماکس'}
        </h2>
        {SETTINGS[form.data.driver].map((setting) => (
          <TextField
            key={`${form.data.driver}-${setting.key}`}
            label={setting.label}
            ltr={setting.ltr}
            type={setting.secret ? 'password' : 'text'}
            autoComplete="off"
            hint={
              setting.secret && resource?.secrets_stored.includes(setting.key)
                ? 'ذخیره شده؛ خالی بگذارید تا همان بماند.'
                : setting.hint
            }
            name={`settings.${setting.key}`}
            value={form.data.settings[setting.key] ?? ''}
            onChange={(value) => form.setData('settings', { ...form.data.settings, [setting.key]: value })}
            error={errorOf(setting.key)}
          />
        ))}
      </Card>

      <FormAlert>{errors.form}</FormAlert>
      <div>
        <Button type="submit" size="lg" disabled={form.processing}>
          {resource ? 'ذخیرهٔ میزبان' : 'ساخت میزبان'}
        </Button>
      </div>
    </form>
  );
}
