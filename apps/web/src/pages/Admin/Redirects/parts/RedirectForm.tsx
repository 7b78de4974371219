import { useForm } from '@renderfarm/react';
import type { AdminRedirectFormProps } from '@server/modules/content/contracts';
import type { FormEvent } from 'react';
import { Button } from '../../../../components/ui/Button';
import { bindField } from '../../../../components/ui/bind-field';
import { Card } from '../../../../components/ui/Card';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';
import { useRoute } from '../../../../lib/route';

/** The form of Admin/Redirects Make and Edit; the server checks loops, chains and targets. */
export function RedirectForm({ redirect }: AdminRedirectFormProps) {
  const route = useRoute();
  const form = useForm({
    from: redirect?.from ?? '',
    to: redirect?.to ?? '',
    code: String(redirect?.code ?? 301),
    is_active: redirect?.is_active ?? true,
  });
  const { errors } = form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (redirect) void form.put(route('admin.redirects.update', { redirect: redirect.id }));
    else void form.post(route('admin.redirects.store'));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <TextField
          label="از نشانی"
          ltr
          maxLength={500}
          hint="مسیری از همین سایت که با / شروع می‌شود؛ بدون دامنه (مثلاً /old-page)."
          {...bindField(form, errors, 'from')}
        />
        <TextField
          label="به نشانی"
          ltr
          maxLength={2000}
          hint="مسیری از همین سایت یا نشانی کامل با https://"
          {...bindField(form, errors, 'to')}
        />
        <SelectField
          label="نوع"
          value={form.data.code}
          onChange={(value) => form.setData('code', value)}
          error={errors.code}
          options={[
            { value: '301', label: '۳۰۱ — دائمی (موتورهای جستجو نشانی تازه را جایگزین می‌کنند)' },
            { value: '302', label: '۳۰۲ — موقت' },
          ]}
        />
        <Checkbox
          label="فعال"
          checked={form.data.is_active}
          onChange={(on) => form.setData('is_active', on)}
          error={errors.is_active}
        />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={form.processing}>
            {redirect ? 'ذخیرهٔ ریدایرکت' : 'ساخت ریدایرکت'}
          </Button>
        </div>
      </Card>
    </form>
  );
}
