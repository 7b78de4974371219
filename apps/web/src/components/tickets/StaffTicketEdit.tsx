import { router, useForm } from '@renderfarm/react';
import type { StaffTicketsEditProps } from '@server/modules/support/contracts';
import { ArrowRight, Ban, Eye, Lock, PenLine, Send, Trash2, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Head, Link } from '../../app/protocol';
import { formatNumber } from '../../lib/digits';
import { useLiveReload } from '../../lib/realtime/use-live-reload';
import { useTicketPresence } from '../../lib/realtime/use-ticket-presence';
import { useRoute } from '../../lib/route';
import { PageHeader } from '../account/PageHeader';
import { AttachmentsField } from '../ui/AttachmentsField';
import { Badge } from '../ui/Badge';
import { Button, ButtonLink } from '../ui/Button';
import { formBinders } from '../ui/bind-field';
import { Card } from '../ui/Card';
import { Checkbox } from '../ui/Checkbox';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FactList } from '../ui/FactList';
import { Ltr } from '../ui/Ltr';
import { Price } from '../ui/Price';
import { SelectField } from '../ui/SelectField';
import { StatusBadge } from '../ui/StatusBadge';
import { STATUS_LABELS } from '../ui/status-labels';
import { TextAreaField } from '../ui/TextAreaField';
import { PRIORITY_LABELS } from './labels';
import { TicketThread } from './TicketThread';

/** The server's limit for a reply (support/validators). */
const REPLY_MAX = 5000;

type Props = StaffTicketsEditProps;

/**
 * A ticket on the staff desk (Care/Tickets/Edit, Admin/Tickets/Edit): the whole thread with
 * internal notes, a reply or a note with canned replies and files, the ticket's fields, the
 * customer card and the linked machine; who else has it open and whether they are typing. The
 * admin adds spam and delete. Live on `tickets.{uuid}`.
 */
export function StaffTicketEdit(props: Props) {
  const { area, ticket, me } = props;
  const route = useRoute();
  useLiveReload(['TicketUpdated'], ['ticket', 'customer'], `tickets.${ticket.uuid}`);
  const presence = useTicketPresence(ticket.uuid, me);
  return (
    <>
      <Head title={`تیکت #${formatNumber(ticket.number)}: ${ticket.subject}`} />
      <PageHeader
        title={ticket.subject}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>#{formatNumber(ticket.number)}</span>
            <StatusBadge kind="ticket" state={ticket.status} />
            <span>بخش {ticket.department}</span>
            <span>· اولویت {PRIORITY_LABELS[ticket.priority]}</span>
            {ticket.spam && <Badge tone="red">هرزنامه</Badge>}
            {ticket.deleted && <Badge tone="red">حذف‌شده</Badge>}
          </span>
        }
        actions={
          <ButtonLink href={route(`${area}.tickets.list`)} variant="secondary">
            <ArrowRight aria-hidden="true" className="size-4" />
            صف تیکت‌ها
          </ButtonLink>
        }
      />
      <div className="mb-4 grid gap-2" aria-live="polite">
        {presence.others.length > 0 && (
          <p className="flex flex-wrap items-center gap-2 rounded-xl bg-sky-50 px-4 py-2 text-sm text-sky-900">
            <Eye aria-hidden="true" className="size-4" />
            <span data-testid="viewers">
              این تیکت را هم‌اکنون {presence.others.map((o) => o.name).join('، ')} هم باز کرده‌
              {presence.others.length > 1 ? 'اند' : 'است'}.
            </span>
          </p>
        )}
        {presence.typing && (
          <p
            className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-2 text-sm text-amber-900"
            data-testid="typing"
          >
            <PenLine aria-hidden="true" className="size-4" />
            {presence.typing.name} در حال نوشتن پاسخ است؛ پیش از فرستادن، پاسخ او را ببینید.
          </p>
        )}
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <TicketThread
            messages={ticket.messages}
            viewer="staff"
            customerName={props.customer?.name ?? ticket.guest?.name ?? null}
          />
          {!ticket.deleted && <StaffReply {...props} onTyping={presence.typed} />}
        </div>
        <div className="grid min-w-0 gap-6">
          {/* A new key when the ticket changes (a reply, a colleague's edit): the form starts from it again. */}
          <TicketFields
            key={`${ticket.status}|${ticket.priority}|${ticket.department}|${ticket.assignee_id}`}
            {...props}
          />
          <CustomerCard {...props} />
          {area === 'admin' && <AdminActions {...props} />}
        </div>
      </div>
    </>
  );
}

function StaffReply({ area, ticket, canned_replies, onTyping }: Props & { onTyping: () => void }) {
  const route = useRoute();
  const form = useForm({ message: '', internal: false, attachments: [] as File[] });
  const { field } = formBinders(form);
  const [canned, setCanned] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route(`${area}.tickets.reply`, { ticket: ticket.uuid }), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset('message', 'attachments', 'internal');
        setCanned('');
      },
    });
  };
  const fitting = canned_replies.filter((c) => c.department === null || c.department === ticket.department);
  return (
    <Card className={`p-5 ${form.data.internal ? 'border-amber-300 bg-amber-50/50' : ''}`}>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <h2 className="font-semibold text-gray-900">
          {form.data.internal ? 'یادداشت داخلی' : 'پاسخ به مشتری'}
        </h2>
        {fitting.length > 0 && (
          <SelectField
            label="پاسخ آماده"
            value={canned}
            placeholder="انتخاب کنید"
            options={fitting.map((c) => ({ value: String(c.id), label: c.title }))}
            onChange={(id) => {
              setCanned(id);
              const chosen = fitting.find((c) => String(c.id) === id);
              if (chosen) {
                form.setData(
                  'message',
                  form.data.message ? `${form.data.message}\n\n${chosen.body}` : chosen.body,
                );
              }
            }}
          />
        )}
        <TextAreaField
          label={form.data.internal ? 'متن یادداشت (فقط همکاران می‌بینند)' : 'متن پاسخ'}
          rows={6}
          maxLength={REPLY_MAX}
          {...field('message')}
          onChange={(value) => {
            form.setData('message', value);
            onTyping();
          }}
        />
        <AttachmentsField
          files={form.data.attachments}
          onChange={(files) => form.setData('attachments', files)}
          error={form.errors.attachments}
        />
        <Checkbox
          label="یادداشت داخلی (به مشتری نشان داده نمی‌شود)"
          checked={form.data.internal}
          onChange={(internal) => form.setData('internal', internal)}
        />
        <Button
          type="submit"
          // Over the counter's limit: the red counter says so; sending it would only be refused.
          disabled={form.processing || form.data.message.length > REPLY_MAX}
          variant={form.data.internal ? 'secondary' : 'primary'}
          className="justify-self-start"
        >
          {form.data.internal ? (
            <Lock aria-hidden="true" className="size-4" />
          ) : (
            <Send aria-hidden="true" className="size-4" />
          )}
          {form.data.internal ? 'ثبت یادداشت داخلی' : 'فرستادن پاسخ'}
        </Button>
      </form>
    </Card>
  );
}

function TicketFields({ area, ticket, departments, staff, me }: Props) {
  const route = useRoute();
  const form = useForm({
    status: ticket.status as string,
    priority: ticket.priority as string,
    department: ticket.department,
    assignee_id: ticket.assignee_id === null ? '' : String(ticket.assignee_id),
  });
  const { field } = formBinders(form);
  const url = route(`${area}.tickets.update`, { ticket: ticket.uuid });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.patch(url, { preserveScroll: true });
  };
  return (
    <Card className="p-5">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <h2 className="font-semibold text-gray-900">مشخصات تیکت</h2>
        <SelectField
          label="وضعیت"
          {...field('status')}
          options={Object.entries(STATUS_LABELS.ticket).map(([value, s]) => ({ value, label: s.label }))}
        />
        <SelectField
          label="اولویت"
          {...field('priority')}
          options={Object.entries(PRIORITY_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <SelectField
          label="بخش"
          {...field('department')}
          options={departments.map((d) => ({ value: d, label: d }))}
        />
        <SelectField
          label="مسئول"
          {...field('assignee_id')}
          placeholder="بی‌مسئول"
          options={staff.map((s) => ({
            value: String(s.id),
            label: s.id === me.id ? `${s.name} (من)` : s.name,
          }))}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={form.processing}>
            ذخیره
          </Button>
          {ticket.assignee_id !== me.id && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => router.patch(url, { assignee_id: 'me' }, { preserveScroll: true })}
            >
              <UserPlus aria-hidden="true" className="size-4" />
              سپردن به من
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function CustomerCard({ area, ticket, customer }: Props) {
  const route = useRoute();
  if (!customer) {
    const guest = ticket.guest;
    return (
      <Card className="p-5">
        <h2 className="mb-3 flex items-center gap-2 font-semibold text-gray-900">
          مهمان <Badge tone="gray">فرم تماس</Badge>
        </h2>
        <FactList
          facts={[
            ['نام', guest?.name || '—'],
            ...(guest?.email
              ? ([['ایمیل', <Ltr key="e">{guest.email}</Ltr>]] as [string, React.ReactNode][])
              : []),
            ...(guest?.mobile
              ? ([['موبایل', <Ltr key="m">{guest.mobile}</Ltr>]] as [string, React.ReactNode][])
              : []),
          ]}
        />
        <p className="mt-3 text-xs text-gray-500">مهمان حساب ندارد؛ پاسخ را به ایمیل یا موبایل او بفرستید.</p>
      </Card>
    );
  }
  const machineHref = (uuid: string) =>
    route.has(`${area}.instances.view`) ? route(`${area}.instances.view`, { instance: uuid }) : null;
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-semibold text-gray-900">مشتری</h2>
      <FactList
        facts={[
          ['نام', customer.name],
          ...(customer.email
            ? ([['ایمیل', <Ltr key="e">{customer.email}</Ltr>]] as [string, React.ReactNode][])
            : []),
          ...(customer.mobile
            ? ([['موبایل', <Ltr key="m">{customer.mobile}</Ltr>]] as [string, React.ReactNode][])
            : []),
          ['موجودی', <Price key="b" rial={customer.balance} />],
          ['احراز هویت', <StatusBadge key="k" kind="kyc" state={customer.kyc_status} />],
          ['تیکت‌های باز', formatNumber(customer.open_tickets)],
        ]}
      />
      {ticket.instance && (
        <p className="mt-4 text-sm">
          سرور این تیکت:{' '}
          {machineHref(ticket.instance.uuid) ? (
            <Link
              href={machineHref(ticket.instance.uuid)!}
              className="font-medium text-brand-700 hover:underline"
            >
              {ticket.instance.name}
            </Link>
          ) : (
            <span className="font-medium">{ticket.instance.name}</span>
          )}
        </p>
      )}
      <h3 className="mt-4 mb-2 text-sm font-semibold text-gray-900">سرورها</h3>
      {customer.machines.length === 0 ? (
        <p className="text-sm text-gray-500">سروری ندارد.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {customer.machines.map((m) => (
            <li key={m.uuid} className="flex min-w-0 items-center justify-between gap-2">
              {machineHref(m.uuid) ? (
                <Link href={machineHref(m.uuid)!} className="min-w-0 truncate text-brand-700 hover:underline">
                  {m.name}
                </Link>
              ) : (
                <span className="min-w-0 truncate">{m.name}</span>
              )}
              <StatusBadge
                kind={m.status === 'ready' && m.power ? 'power' : 'instance'}
                state={m.status === 'ready' && m.power ? m.power : m.status}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function AdminActions({ ticket }: Props) {
  const route = useRoute();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="grid gap-3 p-5">
      <h2 className="font-semibold text-gray-900">مدیریت</h2>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            router.patch(
              route('admin.tickets.spam', { ticket: ticket.uuid }),
              { spam: !ticket.spam },
              { preserveScroll: true },
            )
          }
        >
          <Ban aria-hidden="true" className="size-4" />
          {ticket.spam ? 'هرزنامه نیست' : 'هرزنامه است'}
        </Button>
        {!ticket.deleted && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            حذف تیکت
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        title="حذف تیکت"
        confirmLabel="حذف تیکت"
        onConfirm={() =>
          void router.delete(route('admin.tickets.destroy', { ticket: ticket.uuid }), {
            onFinish: () => setConfirming(false),
          })
        }
      >
        تیکت از همهٔ صف‌ها و از فهرست مشتری برداشته می‌شود؛ سابقهٔ آن در زبانهٔ «حذف‌شده» می‌ماند.
      </ConfirmDialog>
    </Card>
  );
}
