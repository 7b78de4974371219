import { useForm } from '@renderfarm/react';
import type { PanelTicketsMakeProps } from '@server/modules/support/contracts';
import { ArrowRight, Send } from 'lucide-react';
import { useBotCheckedSubmit } from '../../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../../components/auth/use-focused-errors';
import { AttachmentsField } from '../../../components/ui/AttachmentsField';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { bindField } from '../../../components/ui/bind-field';
import { Card } from '../../../components/ui/Card';
import { FormAlert } from '../../../components/ui/FormAlert';
import { Screen } from '../../../components/ui/Screen';
import { SelectField } from '../../../components/ui/SelectField';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { useRoute } from '../../../lib/route';
import { PRIORITY_LABELS } from './parts/ticket-labels';

/** `panel.tickets.make` «تیکت جدید»: department, priority, subject, message, and the machine it is about. */
export default function TicketMake({ departments, machines, instance }: PanelTicketsMakeProps) {
  const route = useRoute();
  const form = useForm({
    department: departments[0] ?? '',
    priority: 'medium',
    subject: '',
    message: '',
    instance: instance ?? '',
    attachments: [] as File[],
  });
  const { errors, formRef } = useFocusedErrors(form);
  const { submit, busy, botError } = useBotCheckedSubmit('ticket', form, errors, {
    payload: (data) => ({
      department: data.department,
      priority: data.priority,
      subject: data.subject.trim(),
      message: data.message.trim(),
      ...(data.instance ? { instance: data.instance } : {}),
      ...(data.attachments.length > 0 ? { attachments: data.attachments } : {}),
    }),
    send: () => form.post(route('panel.tickets.store')),
  });

  return (
    <Screen
      title="تیکت جدید"
      description="مشکل را با جزئیات بنویسید: چه کردید، چه دیدید و چه انتظار داشتید."
      actions={
        <ButtonLink href={route('panel.tickets.list')} variant="secondary">
          <ArrowRight aria-hidden="true" className="size-4" />
          تیکت‌ها
        </ButtonLink>
      }
    >
      <Card className="max-w-2xl p-5">
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
          <FormAlert>{botError ?? errors.form}</FormAlert>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="بخش"
              {...bindField(form, errors, 'department')}
              options={departments.map((d) => ({ value: d, label: d }))}
            />
            <SelectField
              label="اولویت"
              {...bindField(form, errors, 'priority')}
              options={Object.entries(PRIORITY_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </div>
          {machines.length > 0 && (
            <SelectField
              label="دربارهٔ کدام سرور؟ (اختیاری)"
              {...bindField(form, errors, 'instance')}
              placeholder="هیچ‌کدام"
              options={machines.map((m) => ({ value: m.uuid, label: m.name }))}
            />
          )}
          <TextField
            label="موضوع"
            maxLength={150}
            autoComplete="off"
            {...bindField(form, errors, 'subject')}
          />
          <TextAreaField label="متن پیام" rows={7} maxLength={5000} {...bindField(form, errors, 'message')} />
          <AttachmentsField
            files={form.data.attachments}
            onChange={(files) => form.setData('attachments', files)}
            error={errors.attachments}
          />
          <Button type="submit" disabled={busy} className="justify-self-start">
            <Send aria-hidden="true" className="size-4" />
            فرستادن تیکت
          </Button>
        </form>
      </Card>
    </Screen>
  );
}
