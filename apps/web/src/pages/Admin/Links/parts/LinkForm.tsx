import { useForm } from '@renderfarm/react';
import type { AdminLinkFormProps } from '@server/modules/content/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { bindCheckbox, bindField } from '../../../../components/ui/bind-field';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';
import { useRoute } from '../../../../lib/route';

/** The link form of Admin/Links Make and Edit. */
export function LinkForm({ link }: AdminLinkFormProps) {
  const route = useRoute();
  const form = useForm({
    group: link?.group ?? ('footer' as 'footer' | 'social'),
    label: link?.label ?? '',
    url: link?.url ?? '',
    nofollow: link?.nofollow ?? false,
    is_active: link?.is_active ?? true,
  });
  const { errors } = form;
  return (
    <CatalogForm
      form={form}
      update={link && route('admin.links.update', { link: link.id })}
      store={route('admin.links.store')}
      submitLabel={link ? 'ذخیرهٔ پیوند' : 'ساخت پیوند'}
    >
      <SelectField
        label="گروه"
        {...bindField(form, errors, 'group')}
        options={[
          { value: 'footer', label: 'پاصفحه' },
          { value: 'social', label: 'شبکه‌های اجتماعی' },
        ]}
      />
      <TextField label="عنوان" maxLength={60} {...bindField(form, errors, 'label')} />
      <TextField label="نشانی" ltr maxLength={500} {...bindField(form, errors, 'url')} />
      <div className="grid gap-3">
        <Checkbox label="rel=nofollow (برای پیوندهای تبلیغاتی)" {...bindCheckbox(form, errors, 'nofollow')} />
        <Checkbox label="نمایش در سایت" {...bindCheckbox(form, errors, 'is_active')} />
      </div>
    </CatalogForm>
  );
}
