import { useForm } from '@renderfarm/react';
import type { AdminLinkFormProps } from '@server/modules/content/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { formBinders } from '../../../../components/ui/bind-field';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextField } from '../../../../components/ui/TextField';

/** The link form of Admin/Links Make and Edit. */
export function LinkForm({ link }: AdminLinkFormProps) {
  const form = useForm({
    group: link?.group ?? ('footer' as 'footer' | 'social'),
    label: link?.label ?? '',
    url: link?.url ?? '',
    nofollow: link?.nofollow ?? false,
    is_active: link?.is_active ?? true,
  });
  const { field, checkbox } = formBinders(form);
  return (
    <CatalogForm form={form} routes="admin.links" edit={link && { link: link.id }} noun="پیوند">
      <SelectField
        label="گروه"
        {...field('group')}
        options={[
          { value: 'footer', label: 'پاصفحه' },
          { value: 'social', label: 'شبکه‌های اجتماعی' },
        ]}
      />
      <TextField label="عنوان" maxLength={60} {...field('label')} />
      <TextField label="نشانی" ltr maxLength={500} {...field('url')} />
      <div className="grid gap-3">
        <Checkbox label="rel=nofollow (برای پیوندهای تبلیغاتی)" {...checkbox('nofollow')} />
        <Checkbox label="نمایش در سایت" {...checkbox('is_active')} />
      </div>
    </CatalogForm>
  );
}
