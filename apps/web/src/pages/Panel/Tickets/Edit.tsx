import { router, useForm } from '@renderfarm/react';
import type { PanelTicketsEditProps } from '@server/modules/support/contracts';
import { ArrowRight, Lock, Send, Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TicketThread } from '../../../components/tickets/TicketThread';
import { AttachmentsField } from '../../../components/ui/AttachmentsField';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { formBinders } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FieldError } from '../../../components/ui/FieldError';
import { Screen } from '../../../components/ui/Screen';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { formatNumber } from '../../../lib/digits';
import { useLiveReload } from '../../../lib/realtime/use-live-reload';
import { useRoute } from '../../../lib/route';
import { PRIORITY_LABELS } from './parts/ticket-labels';

type Ticket = PanelTicketsEditProps['ticket'];

/**
 * `panel.tickets.edit` «گفتگوی تیکت»: the thread (support's internal notes never come here), a
 * reply (a closed ticket is reopened only when asked), closing it, and one rating once closed.
 */
export default function TicketEdit({ ticket }: PanelTicketsEditProps) {
  const route = useRoute();
  useLiveReload(['TicketUpdated'], ['ticket']);
  const closed = ticket.status === 'closed';
  return (
    <Screen
      title={ticket.subject}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <StatusBadge kind="ticket" state={ticket.status} />
          <span>بخش {ticket.department}</span>
          <span>· اولویت {PRIORITY_LABELS[ticket.priority]}</span>
          {ticket.machine_name && <span>· سرور «{ticket.machine_name}»</span>}
        </span>
      }
      actions={
        <ButtonLink href={route('panel.tickets.list')} variant="secondary">
          <ArrowRight aria-hidden="true" className="size-4" />
          تیکت‌ها
        </ButtonLink>
      }
    >
      <TicketThread messages={ticket.messages} viewer="customer" />
      <div className="mt-6 grid gap-6">
        <Reply ticket={ticket} />
        {closed ? <Rating ticket={ticket} /> : <CloseTicket ticket={ticket} />}
      </div>
    </Screen>
  );
}

function Reply({ ticket }: { ticket: Ticket }) {
  const route = useRoute();
  const closed = ticket.status === 'closed';
  const form = useForm({ message: '', reopen: false, attachments: [] as File[] });
  const { field } = formBinders(form);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.tickets.reply', { ticket: ticket.uuid }), {
      preserveScroll: true,
      onSuccess: () => form.reset('message', 'attachments'),
    });
  };
  return (
    <Card className="p-5">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <h2 className="font-semibold text-gray-900">{closed ? 'این تیکت بسته است' : 'پاسخ شما'}</h2>
        {closed && (
          <p className="text-sm text-gray-600">
            اگر مشکل دوباره پیش آمده، همین‌جا بنویسید و تیکت را دوباره باز کنید؛ یا تیکت تازه‌ای بفرستید.
          </p>
        )}
        <TextAreaField label="متن پیام" rows={5} maxLength={5000} {...field('message')} />
        <AttachmentsField
          files={form.data.attachments}
          onChange={(files) => form.setData('attachments', files)}
          error={form.errors.attachments}
        />
        <Button
          type="submit"
          disabled={form.processing}
          className="justify-self-start"
          onClick={() => form.setData('reopen', closed)}
        >
          <Send aria-hidden="true" className="size-4" />
          {closed ? 'باز کردن دوبارهٔ تیکت و فرستادن' : 'فرستادن پاسخ'}
        </Button>
      </form>
    </Card>
  );
}

function CloseTicket({ ticket }: { ticket: Ticket }) {
  const route = useRoute();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Lock aria-hidden="true" className="size-4" />
        بستن تیکت
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        title="بستن تیکت"
        confirmLabel="بستن تیکت"
        onConfirm={() =>
          void router.patch(
            route('panel.tickets.close', { ticket: ticket.uuid }),
            {},
            { onFinish: () => setOpen(false) },
          )
        }
      >
        اگر مشکل حل شده، تیکت را ببندید. بعداً هم می‌توانید با یک پاسخ دوباره بازش کنید.
      </ConfirmDialog>
    </div>
  );
}

function Rating({ ticket }: { ticket: Ticket }) {
  const route = useRoute();
  const form = useForm({ score: 0, comment: '' });
  const { field } = formBinders(form);
  if (ticket.rating !== null) {
    return (
      <p className="text-sm text-gray-700">
        امتیاز شما به این پاسخ: {formatNumber(ticket.rating)} از ۵. سپاسگزاریم.
      </p>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.post(route('panel.tickets.rate', { ticket: ticket.uuid }), { preserveScroll: true });
  };
  return (
    <Card className="p-5">
      <form onSubmit={submit} noValidate className="grid gap-3">
        <fieldset>
          <legend className="mb-2 font-semibold text-gray-900">به پاسخ پشتیبانی چه امتیازی می‌دهید؟</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={form.data.score === n}
                aria-label={`${formatNumber(n)} از ۵`}
                onClick={() => form.setData('score', n)}
                className="rounded p-1 text-amber-500 hover:bg-amber-50"
              >
                <Star
                  aria-hidden="true"
                  className={`size-7 ${n <= form.data.score ? 'fill-amber-400' : ''}`}
                />
              </button>
            ))}
          </div>
          <FieldError id="score-error" error={form.errors.score} />
        </fieldset>
        <TextAreaField label="توضیح (اختیاری)" rows={3} maxLength={1000} {...field('comment')} />
        <Button type="submit" disabled={form.processing} className="justify-self-start">
          ثبت امتیاز
        </Button>
      </form>
    </Card>
  );
}
