import { useForm } from '@renderfarm/react';
import type { AdminFolderFormProps } from '@server/modules/content/contracts';
import { CatalogForm } from '../../../../components/admin/CatalogForm';
import { formBinders } from '../../../../components/ui/bind-field';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { TextField } from '../../../../components/ui/TextField';

/** The folder form of Admin/Folders Make and Edit. */
export function FolderForm({ folder, options }: AdminFolderFormProps) {
  const form = useForm({
    name: folder?.name ?? '',
    slug: folder?.slug ?? '',
    kind: folder?.kind ?? ('docs' as 'blog' | 'docs'),
    parent_id: folder?.parent_id ? String(folder.parent_id) : '',
    description: folder?.description ?? '',
    seo_title: folder?.seo_title ?? '',
    seo_description: folder?.seo_description ?? '',
  });
  const { errors } = form;
  const { field } = formBinders(form);
  // The select holds the parent's id as text; the server wants a number, or null for the top level.
  form.transform((data) => ({ ...data, parent_id: data.parent_id ? Number(data.parent_id) : null }));
  return (
    <CatalogForm form={form} routes="admin.folders" edit={folder && { folder: folder.id }} noun="دسته">
      <TextField label="نام دسته" maxLength={120} {...field('name')} />
      <TextField label="نشانی (slug)" maxLength={120} hint="بدون فاصله و /" {...field('slug')} />
      <SelectField
        label="نوع"
        value={form.data.kind}
        onChange={(value) => form.setData({ ...form.data, kind: value as 'blog' | 'docs', parent_id: '' })}
        error={errors.kind}
        options={[
          { value: 'docs', label: 'آموزش' },
          { value: 'blog', label: 'وبلاگ' },
        ]}
      />
      <SelectField
        label="زیرمجموعهٔ"
        {...field('parent_id')}
        placeholder="دستهٔ اصلی"
        options={options.folders.filter(
          (f) => f.kind === (form.data.kind === 'blog' ? 'blog' : 'docs') && f.value !== folder?.id,
        )}
      />
      <div className="sm:col-span-2">
        <TextAreaField label="توضیح" rows={2} maxLength={500} {...field('description')} />
      </div>
      <TextField label="عنوان سئو" maxLength={120} {...field('seo_title')} />
      <TextField label="توضیح سئو" maxLength={300} {...field('seo_description')} />
    </CatalogForm>
  );
}
