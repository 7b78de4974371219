import { useForm } from '@renderfarm/react';
import type { AdminMenuFormProps } from '@server/modules/content/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { formBinders } from '../../../../components/ui/bind-field';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';

/** The menu item form of Admin/Menus Make and Edit. */
export function MenuForm({ menu, options }: AdminMenuFormProps) {
  const form = useForm({
    location: menu?.location ?? ('header' as 'header' | 'footer'),
    parent_id: menu?.parent_id ? String(menu.parent_id) : '',
    label: menu?.label ?? '',
    url: menu?.url ?? '',
    is_active: menu?.is_active ?? true,
  });
  const { errors } = form;
  const { field, checkbox } = formBinders(form);
  // The select holds the parent's id as text; the server wants a number, or null for the top level.
  form.transform((data) => ({ ...data, parent_id: data.parent_id ? Number(data.parent_id) : null }));
  return (
    <CatalogForm
      form={form}
      routes="admin.menus"
      edit={menu && { menu: menu.id }}
      submitLabel={menu ? 'ذخیرهٔ آیتم' : 'افزودن به منو'}
    >
      <SelectField
        label="منو"
        value={form.data.location}
        onChange={(value) =>
          form.setData({ ...form.data, location: value as 'header' | 'footer', parent_id: '' })
        }
        error={errors.location}
        options={[
          { value: 'header', label: 'سرصفحه' },
          { value: 'footer', label: 'پاصفحه' },
        ]}
      />
      <SelectField
        label="زیرمجموعهٔ"
        {...field('parent_id')}
        placeholder="سطح اول"
        options={options.parents.filter((p) => p.location === form.data.location)}
      />
      <TextField label="عنوان" maxLength={60} {...field('label')} />
      <TextField label="نشانی" ltr maxLength={500} hint="مثل /blog یا https://…" {...field('url')} />
      <Checkbox label="نمایش در سایت" {...checkbox('is_active')} />
    </CatalogForm>
  );
}
