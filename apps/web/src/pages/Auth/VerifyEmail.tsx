import { useForm } from '@renderfarm/react';
import type { FormEvent } from 'react';
import { Head, router } from '../../app/protocol';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { TextLink } from '../../components/auth/TextLink';
import { FormAlert } from '../../components/ui/FormAlert';
import { useFormErrors } from '../../hooks/use-form-errors';
import { useRoute } from '../../lib/route';

export interface VerifyEmailProps {
  /** `verification-link-sent` once a new link went out. */
  status?: string | null;
}

/** `verification.notice`: the account's e-mail is not confirmed yet; a new link on request. */
export default function VerifyEmail({ status }: VerifyEmailProps) {
  const route = useRoute();
  const form = useForm({});
  const errors = useFormErrors(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await form.post(route('verification.send'));
  };

  return (
    <>
      <Head title="تأیید ایمیل" />
      <AuthHeading title="ایمیلتان را تأیید کنید">
        پیوند تأیید را به ایمیلتان فرستادیم. روی آن بزنید تا حسابتان کامل شود. اگر ایمیلی نرسیده، پوشه هرزنامه
        را هم ببینید یا پیوند تازه بخواهید.
      </AuthHeading>
      <FormAlert tone="success" className="mb-4">
        {status === 'verification-link-sent' ? 'پیوند تأیید تازه‌ای به ایمیلتان فرستاده شد.' : status}
      </FormAlert>
      <FormAlert className="mb-4">{errors.email}</FormAlert>
      <form onSubmit={submit} className="space-y-4">
        <SubmitButton busy={form.processing}>فرستادن دوباره پیوند تأیید</SubmitButton>
      </form>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-5 text-sm">
        {route.has('profile.show') && <TextLink href={route('profile.show')}>ویرایش ایمیل</TextLink>}
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
