import { useForm } from '@renderfarm/react';
import type { VerifyEmailProps } from '@server/modules/auth/contracts';
import { type FormEvent, useState } from 'react';
import { Head, router } from '../../app/protocol';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { FormAlert } from '../../components/ui/FormAlert';
import { Ltr } from '../../components/ui/Ltr';
import { useFormErrors } from '../../hooks/use-form-errors';
import { useRoute } from '../../lib/route';
import { CorrectAddressForm } from './parts/CorrectAddressForm';

/**
 * `verification.notice`: the account's e-mail is not confirmed yet; a new link on request, or a
 * corrected address when the first was mistyped.
 */
export default function VerifyEmail({ status, email }: VerifyEmailProps) {
  const route = useRoute();
  const form = useForm({});
  const errors = useFormErrors(form);
  const [correcting, setCorrecting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.post(route('verification.send'));
  };

  return (
    <>
      <Head title="تأیید ایمیل" />
      <AuthHeading title="ایمیلتان را تأیید کنید">
        پیوند تأیید را به {email ? 'این نشانی' : 'ایمیلتان'} فرستادیم. روی آن بزنید تا حسابتان کامل شود. اگر
        ایمیلی نرسیده، پوشه هرزنامه را هم ببینید یا پیوند تازه بخواهید.
      </AuthHeading>
      {email && (
        // A line of its own: a long address broken inside a Persian sentence reads out of order.
        <p className="-mt-3 mb-5 rounded-lg bg-gray-50 px-3 py-2 text-right text-sm font-medium break-all text-gray-900">
          <Ltr mono={false}>{email}</Ltr>
        </p>
      )}
      <FormAlert tone="success" className="mb-4">
        {status === 'verification-link-sent' ? 'پیوند تأیید تازه‌ای به ایمیلتان فرستاده شد.' : status}
      </FormAlert>
      {correcting ? (
        <CorrectAddressForm onDone={() => setCorrecting(false)} />
      ) : (
        <>
          <FormAlert className="mb-4">{errors.email}</FormAlert>
          <form onSubmit={submit} className="space-y-4">
            <SubmitButton busy={form.processing}>فرستادن دوباره پیوند تأیید</SubmitButton>
          </form>
        </>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-5 text-sm">
        {!correcting && route.has('verification.address.update') && (
          <button
            type="button"
            onClick={() => setCorrecting(true)}
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            ایمیل را اشتباه نوشته‌اید؟
          </button>
        )}
        {route.has('logout') && (
          <button
            type="button"
            onClick={() => router.post(route('logout'))}
            className="font-medium text-gray-600 underline-offset-4 hover:text-gray-900 hover:underline"
          >
            خروج از حساب
          </button>
        )}
      </div>
    </>
  );
}
