import { useForm } from '@renderfarm/react';
import type { AdminArticleFormProps, ArticleKind, ArticleStatus } from '@server/modules/content/contracts';
import type { FormEvent } from 'react';
import { BodyField } from '../../../../components/editor/BodyField';
import { Button } from '../../../../components/ui/Button';
import { formBinders } from '../../../../components/ui/bind-field';
import { Card } from '../../../../components/ui/Card';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { JalaliDateTimeField } from '../../../../components/ui/JalaliDateTimeField';
import { SelectField } from '../../../../components/ui/SelectField';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { TextField } from '../../../../components/ui/TextField';
import { useRoute } from '../../../../lib/route';

export const KIND_LABELS: Record<ArticleKind, string> = { post: 'نوشتهٔ وبلاگ', doc: 'راهنما', page: 'صفحه' };
export const STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'پیش‌نویس',
  scheduled: 'زمان‌بندی‌شده',
  published: 'منتشرشده',
  unpublished: 'برداشته‌شده',
};

/**
 * The article form of Admin/Articles Make and Edit. The body is written as rich text (BodyField,
 * its HTML source a click away); the server sanitises it on save.
 */
export function ArticleForm({ article, options }: AdminArticleFormProps) {
  const route = useRoute();
  const form = useForm({
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    kind: article?.kind ?? ('post' as ArticleKind),
    folder_id: article?.folder_id ? String(article.folder_id) : '',
    excerpt: article?.excerpt ?? '',
    body: article?.body ?? '',
    cover_url: article?.cover_url ?? '',
    status: article?.status ?? ('draft' as ArticleStatus),
    published_at: article?.published_at ?? '',
    seo_title: article?.seo_title ?? '',
    seo_description: article?.seo_description ?? '',
    canonical_url: article?.canonical_url ?? '',
    noindex: article?.noindex ?? false,
  });
  const { errors } = form;
  const { field, checkbox } = formBinders(form);
  const folderKind = form.data.kind === 'post' ? 'blog' : 'docs';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => ({
      ...data,
      folder_id: data.folder_id ? Number(data.folder_id) : null,
      published_at: data.published_at || null,
    }));
    if (article) void form.put(route('admin.articles.update', { article: article.id }));
    else void form.post(route('admin.articles.store'));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <TextField label="عنوان" maxLength={200} {...field('title')} />
        <TextField
          label="نشانی (slug)"
          maxLength={120}
          hint="حرف، عدد و خط تیره؛ بدون فاصله و /"
          {...field('slug')}
        />
        <SelectField
          label="نوع"
          {...field('kind')}
          options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
        />
        {form.data.kind !== 'page' && (
          <SelectField
            label="دسته"
            {...field('folder_id')}
            placeholder="بدون دسته"
            options={options.folders.filter((f) => f.kind === folderKind)}
          />
        )}
        <div className="sm:col-span-2">
          <TextAreaField label="خلاصه" rows={2} maxLength={500} {...field('excerpt')} />
        </div>
        <div className="sm:col-span-2">
          <BodyField
            label="متن"
            uploadUrl={route('admin.uploads.store')}
            hint="تصویرها JPEG، PNG یا WebP تا ۵ مگابایت. هنگام ذخیره هر چیزی بیرون از قالب‌های مجاز (اسکریپت، سبک، پیوند ناامن) حذف می‌شود."
            {...field('body')}
          />
        </div>
        <TextField
          label="تصویر شاخص"
          ltr
          maxLength={500}
          hint="نشانی https یا مسیر بارگذاری"
          {...field('cover_url')}
        />
        <SelectField
          label="وضعیت"
          {...field('status')}
          options={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <JalaliDateTimeField
          label="زمان انتشار"
          value={form.data.published_at}
          onChange={(value) => form.setData('published_at', value)}
          error={errors.published_at}
          hint="برای «زمان‌بندی‌شده» لازم است؛ در این زمان (به وقت تهران) خودکار منتشر می‌شود."
        />
      </Card>
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <h2 className="font-semibold text-gray-900 sm:col-span-2">سئو</h2>
        <TextField label="عنوان سئو" maxLength={120} {...field('seo_title')} />
        <TextField label="نشانی اصلی (canonical)" ltr maxLength={500} {...field('canonical_url')} />
        <div className="sm:col-span-2">
          <TextAreaField label="توضیح سئو" rows={2} maxLength={300} {...field('seo_description')} />
        </div>
        <Checkbox label="در نتایج موتورهای جستجو نیاید (noindex)" {...checkbox('noindex')} />
      </Card>
      <Button type="submit" size="lg" disabled={form.processing}>
        {article ? 'ذخیرهٔ مطلب' : 'ساخت مطلب'}
      </Button>
    </form>
  );
}
