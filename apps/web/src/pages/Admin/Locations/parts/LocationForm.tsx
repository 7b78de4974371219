import { useForm } from '@renderfarm/react';
import type { AdminLocationFormProps } from '@server/modules/catalog/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { formBinders } from '../../../../components/ui/bind-field';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { TextField } from '../../../../components/ui/TextField';

/** The datacenter form of Admin/Locations Make and Edit. */
export function LocationForm({ location }: AdminLocationFormProps) {
  const form = useForm({
    code: location?.code ?? '',
    name: location?.name ?? '',
    city: location?.city ?? '',
    country: location?.country ?? 'ایران',
    is_active: location?.is_active ?? true,
    sort: String(location?.sort ?? 0),
  });
  const { field, checkbox } = formBinders(form);
  return (
    <CatalogForm
      form={form}
      routes="admin.locations"
      edit={location && { location: location.id }}
      noun="دیتاسنتر"
    >
      <TextField
        label="کد (لاتین)"
        ltr
        maxLength={20}
        hint="مثل thr1؛ در نشانی‌ها و گزارش‌ها"
        {...field('code')}
      />
      <TextField label="نام دیتاسنتر" maxLength={120} {...field('name')} />
      <TextField label="شهر" maxLength={80} {...field('city')} />
      <TextField label="کشور" maxLength={80} {...field('country')} />
      <TextField label="ترتیب نمایش" inputMode="numeric" digits {...field('sort')} />
      <Checkbox label="فعال (در سفارش سرور تازه پیشنهاد شود)" {...checkbox('is_active')} />
    </CatalogForm>
  );
}
