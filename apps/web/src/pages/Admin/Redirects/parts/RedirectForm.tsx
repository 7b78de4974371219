import { useForm } from '@renderfarm/react';
import type { AdminRedirectFormProps } from '@server/modules/content/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { formBinders } from '../../../../components/ui/bind-field';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';

/** The form of Admin/Redirects Make and Edit; the server checks loops, chains and targets. */
export function RedirectForm({ redirect }: AdminRedirectFormProps) {
  const form = useForm({
    from: redirect?.from ?? '',
    to: redirect?.to ?? '',
    code: String(redirect?.code ?? 301),
    is_active: redirect?.is_active ?? true,
  });
  const { field, checkbox } = formBinders(form);
  return (
    <CatalogForm
      form={form}
      routes="admin.redirects"
      edit={redirect && { redirect: redirect.id }}
      noun="ریدایرکت"
    >
      <TextField
        label="از نشانی"
        ltr
        maxLength={500}
        hint="مسیری از همین سایت که با / شروع می‌شود؛ بدون دامنه (مثلاً /old-page)."
        {...field('from')}
      />
      <TextField
        label="به نشانی"
        ltr
        maxLength={2000}
        hint="مسیری از همین سایت یا نشانی کامل با https://"
        {...field('to')}
      />
      <SelectField
        label="نوع"
        {...field('code')}
        options={[
          { value: '301', label: '۳۰۱ — دائمی (موتورهای جستجو نشانی تازه را جایگزین می‌کنند)' },
          { value: '302', label: '۳۰۲ — موقت' },
        ]}
      />
      <Checkbox label="فعال" {...checkbox('is_active')} />
    </CatalogForm>
  );
}
