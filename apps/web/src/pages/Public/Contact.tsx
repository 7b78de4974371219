import { useForm } from '@renderfarm/react';
import type { ContactInfo, ContactProps, DepartmentOption } from '@server/modules/support/contracts';
import { Send } from 'lucide-react';
import { Head } from '../../app/protocol';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { useBotCheckedSubmit } from '../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { SenderFields } from '../../components/content/SenderFields';
import { bindField } from '../../components/ui/bind-field';
import { Card } from '../../components/ui/Card';
import { Container } from '../../components/ui/Container';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { normalizeDigits, toPersianDigits } from '../../lib/digits';
import { useRoute } from '../../lib/route';
import { ContactDetails } from './Contact/parts/ContactDetails';
import { DepartmentChoice } from './Contact/parts/DepartmentChoice';

const DEFAULT_DEPARTMENTS: DepartmentOption[] = [
  { value: 'sales', label: 'فروش و مشاوره خرید' },
  { value: 'support', label: 'پشتیبانی فنی' },
];

/** `contact` (GET /contact): how to reach the farm, and a form that opens a ticket for staff. */
export default function Contact({
  contact = {},
  departments = DEFAULT_DEPARTMENTS,
  limits = { subject: 150, message: 5000 },
  prefill = null,
}: ContactProps) {
  const route = useRoute();
  const form = useForm({
    name: prefill?.name ?? '',
    contact: prefill?.contact ?? '',
    department: departments.some((d) => d.value === 'support') ? 'support' : (departments[0]?.value ?? ''),
    subject: '',
    message: '',
  });
  const { errors, formRef } = useFocusedErrors(form);
  const { submit, busy, botError } = useBotCheckedSubmit('contact', form, errors, {
    payload: (data) => ({
      name: data.name.trim(),
      contact: data.contact.trim(),
      department: data.department,
      subject: data.subject.trim(),
      message: data.message.trim(),
    }),
    // The name and the way to answer stay for a second message; the message itself is sent.
    send: () => form.post(route('contact.store'), { onSuccess: () => form.reset('subject', 'message') }),
  });
  const info: ContactInfo = {
    address: contact.address ?? null,
    phone: contact.phone ?? null,
    email: contact.email ?? null,
    hours: contact.hours ?? null,
  };

  return (
    <>
      <Head title="تماس با ما" />
      <Container className="pt-10 sm:pt-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold text-gray-900 sm:text-4xl">تماس با ما</h1>
          <p className="mt-3 leading-8 text-gray-600">
            پرسشی دربارهٔ تعرفه‌ها دارید یا سرورتان درست کار نمی‌کند؟ پیامتان را بفرستید؛ همکاران ما در ساعات
            کاری پاسخ می‌دهند.
            {info.phone && (
              <>
                {' '}
                برای کارهای فوری با{' '}
                <a
                  href={`tel:${normalizeDigits(info.phone).replace(/[^\d+]/g, '')}`}
                  dir="ltr"
                  className="font-medium whitespace-nowrap text-gray-900 underline decoration-gray-300 underline-offset-4 hover:text-brand-700"
                >
                  {toPersianDigits(info.phone)}
                </a>{' '}
                تماس بگیرید.
              </>
            )}
          </p>
        </header>

        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-8">
          <Card as="section" aria-labelledby="contact-form-title" className="p-5 sm:p-8">
            <h2 id="contact-form-title" className="text-lg font-bold text-gray-900">
              فرم تماس
            </h2>
            <p className="mt-1 text-sm leading-7 text-gray-600">
              همهٔ بخش‌ها لازم است. پاسخ را به ایمیل یا موبایلی که می‌نویسید می‌فرستیم.
            </p>
            <form ref={formRef} onSubmit={submit} noValidate className="mt-6 space-y-5">
              <FormAlert>{botError ?? errors.form}</FormAlert>
              <SenderFields form={form} errors={errors} />
              <DepartmentChoice
                options={departments}
                value={form.data.department}
                onChange={(value) => form.setData('department', value)}
                error={errors.department}
              />
              <TextField
                label="موضوع"
                {...bindField(form, errors, 'subject')}
                maxLength={limits.subject}
                required
              />
              <TextAreaField
                label="متن پیام"
                {...bindField(form, errors, 'message')}
                maxLength={limits.message}
                hint="اگر دربارهٔ سرور مشخصی می‌پرسید، نام یا نشانی IP آن را هم بنویسید."
                rows={7}
                required
              />
              <SubmitButton
                busy={busy}
                busyLabel="در حال فرستادن…"
                className="w-full sm:w-auto"
                // The counters in red say which field is too long; sending it would only be refused.
                disabled={
                  form.data.subject.length > limits.subject || form.data.message.length > limits.message
                }
              >
                <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
                فرستادن پیام
              </SubmitButton>
            </form>
          </Card>
          <ContactDetails contact={info} />
        </div>
      </Container>
    </>
  );
}
