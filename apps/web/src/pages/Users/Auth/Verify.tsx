import { useForm } from '@renderfarm/react';
import type { VerifyProps } from '@server/modules/auth/contracts';
import type { FormEvent } from 'react';
import { usePage } from '../../../app/protocol';
import { AuthForm } from '../../../components/auth/AuthForm';
import { SubmitButton } from '../../../components/auth/SubmitButton';
import { TextLink } from '../../../components/auth/TextLink';
import { useFocusedErrors } from '../../../components/auth/use-focused-errors';
import { Button } from '../../../components/ui/Button';
import { FormAlert } from '../../../components/ui/FormAlert';
import { Ltr } from '../../../components/ui/Ltr';
import { TextField } from '../../../components/ui/TextField';
import { formatClock, useCountdown } from '../../../hooks/use-countdown';
import { toPersianDigits } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';

export const CODE_LENGTH = 6;

/** `users.auth.verify`: the six-digit SMS code, with its expiry and the wait before a resend. */
export default function Verify({ mobile_masked, expires_in, resend_in }: VerifyProps) {
  const route = useRoute();
  const page = usePage();
  const form = useForm({ code: '' });
  const resend = useForm({});
  const { errors, formRef } = useFocusedErrors(form);
  // Each visit (a wrong code, a resend) brings the server's remaining times: start over from them.
  const expiresLeft = useCountdown(expires_in, page.props);
  const resendLeft = useCountdown(resend_in, page.props);
  const expired = expiresLeft === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => ({ code: data.code.replace(/\D/g, '') }));
    await form.post(route('users.auth.verify.store'), { onError: () => form.reset('code') });
  };

  const sendAgain = () =>
    resend.post(route('users.auth.resend'), { preserveScroll: true, onSuccess: () => form.reset('code') });

  return (
    <>
      <AuthForm
        tab="کد تأیید پیامکی"
        title="کد تأیید را وارد کنید"
        intro={
          <>
            کد شش‌رقمی به شماره <Ltr mono={false}>{toPersianDigits(mobile_masked)}</Ltr> پیامک شد.
          </>
        }
        formRef={formRef}
        onSubmit={submit}
      >
        <FormAlert>{resend.errors.mobile ?? resend.errors.code}</FormAlert>
        <TextField
          label="کد تأیید"
          name="code"
          value={form.data.code}
          onChange={(value) => form.setData('code', value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          error={errors.code}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl"
          digits
          ltr
          required
          autoFocus
        />
        <p aria-live="polite" className="text-sm text-gray-600">
          {expired ? (
            <span className="text-red-700">مهلت این کد تمام شد؛ کد تازه بخواهید.</span>
          ) : (
            <>
              اعتبار کد:{' '}
              <span className="font-medium text-gray-900 tabular-nums">{formatClock(expiresLeft)}</span>
            </>
          )}
        </p>
        <SubmitButton busy={form.processing} disabled={expired}>
          تأیید و ادامه
        </SubmitButton>
      </AuthForm>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-5 text-sm text-gray-600">
        {resendLeft > 0 ? (
          <span>
            ارسال دوباره تا <span className="tabular-nums">{formatClock(resendLeft)}</span> دیگر
          </span>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            onClick={sendAgain}
            disabled={resend.processing}
            className="-ms-3"
          >
            ارسال دوباره کد
          </Button>
        )}
        {route.has('users.auth.signin') && <TextLink href={route('users.auth.signin')}>تغییر شماره</TextLink>}
      </div>
    </>
  );
}
