import { useForm } from '@renderfarm/react';
import type { AdminPageProps } from '@server/modules/content/contracts';
import { FileText, History } from 'lucide-react';
import type { FormEvent } from 'react';
import { Link } from '../../app/protocol';
import { BodyField } from '../../components/editor/BodyField';
import { Button, ButtonLink } from '../../components/ui/Button';
import { formBinders } from '../../components/ui/bind-field';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { EmptyState } from '../../components/ui/EmptyState';
import { JalaliDatePicker } from '../../components/ui/JalaliDatePicker';
import { JalaliTime } from '../../components/ui/JalaliTime';
import { Screen } from '../../components/ui/Screen';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useRoute } from '../../lib/route';

/** `admin.page` «صفحات ثابت»: pick a static page, edit its title, body and SEO; earlier versions kept. */
export default function Page({ pages, page, revisions }: AdminPageProps) {
  const route = useRoute();
  return (
    <Screen title="صفحات ثابت" description="درباره ما، قوانین، حریم خصوصی، صفحه‌های کمپین و…">
      <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="صفحه‌ها">
          <ul className="space-y-1">
            {pages.map((p) => (
              <li key={p.key}>
                <Link
                  href={route('admin.page', { page: p.key })}
                  aria-current={page?.key === p.key ? 'page' : undefined}
                  className="block rounded-lg px-3 py-2 text-sm text-gray-700 hover:bg-gray-100 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
                >
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {page ? (
          <PageForm key={page.key} page={page} revisions={revisions} />
        ) : (
          <EmptyState icon={FileText} title="صفحه‌ای را برای ویرایش انتخاب کنید" />
        )}
      </div>
    </Screen>
  );
}

function PageForm({
  page,
  revisions,
}: {
  page: NonNullable<AdminPageProps['page']>;
  revisions: AdminPageProps['revisions'];
}) {
  const route = useRoute();
  const form = useForm({
    title: page.title,
    body: page.body,
    seo_title: page.seo_title ?? '',
    seo_description: page.seo_description ?? '',
    noindex: page.noindex,
    starts_on: page.campaign?.starts_on ?? '',
    ends_on: page.campaign?.ends_on ?? '',
  });
  const { field, checkbox } = formBinders(form);
  const { errors } = form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.put(route('admin.page.update', { page: page.key }));
  };
  return (
    <div className="min-w-0 space-y-6">
      <form onSubmit={submit} noValidate>
        <Card className="grid gap-4 p-4 sm:p-6">
          <div className="flex flex-wrap items-end gap-2">
            <TextField label="عنوان" maxLength={200} className="min-w-60 flex-1" {...field('title')} />
            {page.url && (
              <ButtonLink href={page.url} variant="secondary" target="_blank" rel="noopener">
                دیدن در سایت
              </ButtonLink>
            )}
          </div>
          <BodyField label="متن" uploadUrl={route('admin.uploads.store')} {...field('body')} />
          <TextField label="عنوان سئو" maxLength={120} {...field('seo_title')} />
          <TextAreaField label="توضیح سئو" rows={2} maxLength={300} {...field('seo_description')} />
          {page.campaign && (
            // A campaign's run: outside it the menus and footer leave it out, and its page says so.
            <fieldset className="grid gap-3 rounded-xl border border-gray-200 p-3 sm:grid-cols-2">
              <legend className="px-1 text-sm font-medium text-gray-900">زمان جشنواره</legend>
              <p className="text-sm leading-7 text-gray-600 sm:col-span-2">
                بیرون از این روزها، پیوند جشنواره از منو و پانویس برداشته می‌شود و صفحه‌اش می‌گوید که جشنواره
                برگزار نمی‌شود. خالی یعنی بی‌محدودیت.
              </p>
              <JalaliDatePicker
                label="نخستین روز"
                value={form.data.starts_on || null}
                onChange={(day) => form.setData('starts_on', day ?? '')}
                error={errors.starts_on}
              />
              <JalaliDatePicker
                label="آخرین روز"
                value={form.data.ends_on || null}
                onChange={(day) => form.setData('ends_on', day ?? '')}
                error={errors.ends_on}
                {...(form.data.starts_on ? { min: form.data.starts_on } : {})}
              />
            </fieldset>
          )}
          <Checkbox label="در نتایج موتورهای جستجو نیاید (noindex)" {...checkbox('noindex')} />
          <div>
            <Button type="submit" size="lg" disabled={form.processing}>
              ذخیرهٔ صفحه
            </Button>
          </div>
        </Card>
      </form>
      <section aria-labelledby="revisions-title">
        <h2 id="revisions-title" className="mb-3 flex items-center gap-2 font-semibold text-gray-900">
          <History aria-hidden="true" className="size-5 text-gray-500" />
          نسخه‌های پیشین
        </h2>
        {revisions.length === 0 ? (
          <p className="text-sm text-gray-600">هنوز نسخهٔ پیشینی نیست.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
            {revisions.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span>
                  <span className="font-medium text-gray-900">{r.title}</span>
                  <span className="ms-2 text-gray-500">
                    <JalaliTime value={r.created_at} style="datetime" />
                    {r.editor && <> · {r.editor}</>}
                  </span>
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => form.setData({ ...form.data, title: r.title, body: r.body })}
                >
                  بازگرداندن در فرم
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
