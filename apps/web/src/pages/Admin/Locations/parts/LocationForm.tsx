import { useForm } from '@renderfarm/react';
import type { AdminLocationFormProps } from '@server/modules/catalog/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { bindCheckbox, bindField } from '../../../../components/ui/bind-field';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { TextField } from '../../../../components/ui/TextField';
import { useRoute } from '../../../../lib/route';

/** The datacenter form of Admin/Locations Make and Edit. */
export function LocationForm({ location }: AdminLocationFormProps) {
  const route = useRoute();
  const form = useForm({
    code: location?.code ?? '',
    name: location?.name ?? '',
    city: location?.city ?? '',
    country: location?.country ?? 'ایران',
    is_active: location?.is_active ?? true,
    sort: String(location?.sort ?? 0),
  });
  const { errors } = form;
  return (
    <CatalogForm
      form={form}
      update={location && route('admin.locations.update', { location: location.id })}
      store={route('admin.locations.store')}
      submitLabel={location ? 'ذخیرهٔ دیتاسنتر' : 'ساخت دیتاسنتر'}
    >
      <TextField
        label="کد (لاتین)"
        ltr
        maxLength={20}
        hint="مثل thr1؛ در نشانی‌ها و گزارش‌ها"
        {...bindField(form, errors, 'code')}
      />
      <TextField label="نام دیتاسنتر" maxLength={120} {...bindField(form, errors, 'name')} />
      <TextField label="شهر" maxLength={80} {...bindField(form, errors, 'city')} />
      <TextField label="کشور" maxLength={80} {...bindField(form, errors, 'country')} />
      <TextField label="ترتیب نمایش" inputMode="numeric" digits {...bindField(form, errors, 'sort')} />
      <Checkbox label="فعال (در سفارش سرور تازه پیشنهاد شود)" {...bindCheckbox(form, errors, 'is_active')} />
    </CatalogForm>
  );
}
