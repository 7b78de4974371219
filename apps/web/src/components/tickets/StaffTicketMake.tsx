import { router, useForm } from '@renderfarm/react';
import type { StaffTicketsMakeProps } from '@server/modules/support/contracts';
import { ArrowRight, Search, Send, UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { listUrl } from '../../lib/list-url';
import { useRoute } from '../../lib/route';
import { AttachmentsField } from '../ui/AttachmentsField';
import { Button, ButtonLink } from '../ui/Button';
import { formBinders } from '../ui/bind-field';
import { Card } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { FormAlert } from '../ui/FormAlert';
import { Screen } from '../ui/Screen';
import { SelectField } from '../ui/SelectField';
import { TextAreaField } from '../ui/TextAreaField';
import { TextField } from '../ui/TextField';
import { PRIORITY_LABELS } from './labels';

/**
 * A ticket staff open for a customer (Care/Tickets/Make, Admin/Tickets/Make): find the customer
 * by name, e-mail or mobile (`user_options` by partial reload), then the ticket itself; the
 * customer is told and answers in their panel.
 */
export function StaffTicketMake({ area, departments, customer, user_options, q }: StaffTicketsMakeProps) {
  const route = useRoute();
  const base = route(`${area}.tickets.make`);
  const [query, setQuery] = useState(q);
  const form = useForm({
    user_id: customer ? String(customer.id) : '',
    department: departments[0] ?? '',
    priority: 'medium',
    subject: '',
    message: '',
    instance: '',
    attachments: [] as File[],
  });
  const { field } = formBinders(form);
  const find = (event: FormEvent) => {
    event.preventDefault();
    router.visit(listUrl(base, { q: query }), {
      only: ['user_options', 'q'],
      preserveState: true,
      preserveScroll: true,
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route(`${area}.tickets.store`));
  };
  return (
    <Screen
      title="ثبت تیکت برای مشتری"
      description="برای تماس تلفنی یا ایمیلی مشتری: تیکت به نام او ثبت و به او خبر داده می‌شود."
      actions={
        <ButtonLink href={route(`${area}.tickets.list`)} variant="secondary">
          <ArrowRight aria-hidden="true" className="size-4" />
          صف تیکت‌ها
        </ButtonLink>
      }
    >
      <div className="grid max-w-2xl gap-6">
        <Card className="p-5">
          <h2 className="mb-3 font-semibold text-gray-900">مشتری</h2>
          {customer ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="flex min-w-0 items-center gap-2">
                <UserRound aria-hidden="true" className="size-5 text-gray-400" />
                <span className="font-medium">{customer.name}</span>
                <bdi className="truncate text-sm text-gray-500">{customer.contact}</bdi>
              </p>
              <ButtonLink href={base} variant="secondary" size="sm">
                مشتری دیگر
              </ButtonLink>
            </div>
          ) : (
            <>
              <form onSubmit={find} role="search" className="flex min-w-0 items-end gap-2">
                <TextField
                  label="نام، ایمیل یا موبایل"
                  value={query}
                  onChange={setQuery}
                  autoComplete="off"
                  className="min-w-0 flex-1"
                />
                <Button type="submit" variant="secondary">
                  <Search aria-hidden="true" className="size-4" />
                  جست‌وجو
                </Button>
              </form>
              {user_options && (
                <ul className="mt-3 grid gap-1" aria-label="مشتریان پیدا شده">
                  {user_options.length === 0 ? (
                    <li>
                      <EmptyState title="مشتری‌ای با این مشخصات پیدا نشد" />
                    </li>
                  ) : (
                    user_options.map((u) => (
                      <li key={u.id}>
                        <button
                          type="button"
                          onClick={() => router.visit(listUrl(base, { user: String(u.id) }))}
                          className="flex w-full min-w-0 items-center justify-between gap-2 rounded-lg px-3 py-2 text-start hover:bg-gray-50"
                        >
                          <span className="font-medium">{u.name}</span>
                          <bdi className="truncate text-sm text-gray-500">{u.contact}</bdi>
                        </button>
                      </li>
                    ))
                  )}
                </ul>
              )}
            </>
          )}
        </Card>
        {customer && (
          <Card className="p-5">
            <form onSubmit={submit} noValidate className="grid gap-4">
              <FormAlert>{form.errors.user_id ?? form.errors.form}</FormAlert>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  label="بخش"
                  {...field('department')}
                  options={departments.map((d) => ({ value: d, label: d }))}
                />
                <SelectField
                  label="اولویت"
                  {...field('priority')}
                  options={Object.entries(PRIORITY_LABELS).map(([value, label]) => ({ value, label }))}
                />
              </div>
              {customer.machines.length > 0 && (
                <SelectField
                  label="دربارهٔ کدام سرور؟ (اختیاری)"
                  {...field('instance')}
                  placeholder="هیچ‌کدام"
                  options={customer.machines.map((m) => ({ value: m.uuid, label: m.name }))}
                />
              )}
              <TextField label="موضوع" maxLength={150} autoComplete="off" {...field('subject')} />
              <TextAreaField label="متن پیام" rows={7} maxLength={5000} {...field('message')} />
              <AttachmentsField
                files={form.data.attachments}
                onChange={(files) => form.setData('attachments', files)}
                error={form.errors.attachments}
              />
              <Button type="submit" disabled={form.processing} className="justify-self-start">
                <Send aria-hidden="true" className="size-4" />
                ثبت تیکت
              </Button>
            </form>
          </Card>
        )}
      </div>
    </Screen>
  );
}
