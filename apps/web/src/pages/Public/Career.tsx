import { useForm } from '@renderfarm/react';
import type { CareerProps } from '@server/modules/content/contracts';
import { Send } from 'lucide-react';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { useBotCheckedSubmit } from '../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { SenderFields } from '../../components/content/SenderFields';
import { StaticPage } from '../../components/content/StaticPage';
import { bindField } from '../../components/ui/bind-field';
import { Card } from '../../components/ui/Card';
import { FileDrop } from '../../components/ui/FileDrop';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useRoute } from '../../lib/route';

/** `career` (GET /career): openings from the static page «career», and an application with a PDF résumé. */
export default function Career({ page }: CareerProps) {
  const route = useRoute();
  const form = useForm({ name: '', contact: '', position: '', message: '', resume: null as File | null });
  const { errors, formRef } = useFocusedErrors(form);
  const { submit, busy, botError } = useBotCheckedSubmit('contact', form, errors, {
    payload: (data) => ({
      name: data.name.trim(),
      contact: data.contact.trim(),
      position: data.position.trim(),
      message: data.message.trim(),
      ...(data.resume ? { resume: data.resume } : {}),
    }),
    send: () => form.post(route('career.store'), { onSuccess: () => form.reset() }),
  });
  return (
    <StaticPage page={page}>
      <Card as="section" aria-labelledby="apply-title" className="mt-10 max-w-3xl p-5 sm:p-8">
        <h2 id="apply-title" className="text-lg font-bold text-gray-900">
          درخواست همکاری
        </h2>
        <p className="mt-1 text-sm leading-7 text-gray-600">
          رزومه را به صورت PDF (حداکثر ۵ مگابایت) پیوست کنید.
        </p>
        <form ref={formRef} onSubmit={submit} noValidate className="mt-6 space-y-5">
          <FormAlert>{botError ?? errors.form}</FormAlert>
          <SenderFields form={form} errors={errors} />
          <TextField label="عنوان شغل" maxLength={120} required {...bindField(form, errors, 'position')} />
          <TextAreaField
            label="معرفی کوتاه"
            rows={5}
            maxLength={3000}
            {...bindField(form, errors, 'message')}
          />
          <FileDrop
            label="رزومه (PDF)"
            name="resume"
            accept="application/pdf"
            file={form.data.resume}
            onFile={(file) => form.setData('resume', file)}
            progress={form.progress?.percentage ?? null}
            error={errors.resume}
          />
          <SubmitButton busy={busy} busyLabel="در حال فرستادن…" className="w-full sm:w-auto">
            <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            فرستادن درخواست
          </SubmitButton>
        </form>
      </Card>
    </StaticPage>
  );
}
