import { useForm } from '@renderfarm/react';
import type { ForgotPasswordProps } from '@server/modules/auth/contracts';
import { AuthForm } from '../../components/auth/AuthForm';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { TextLink } from '../../components/auth/TextLink';
import { useBotCheckedSubmit } from '../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { bindField } from '../../components/ui/bind-field';
import { FormAlert } from '../../components/ui/FormAlert';
import { EMAIL_INPUT } from '../../components/ui/input-presets';
import { TextField } from '../../components/ui/TextField';
import { useRoute } from '../../lib/route';

/** `password.request`: asks for the e-mail to send a reset link to. */
export default function ForgotPassword({ status }: ForgotPasswordProps) {
  const route = useRoute();
  const form = useForm({ email: '' });
  const { errors, formRef } = useFocusedErrors(form);
  const { submit, busy, botError } = useBotCheckedSubmit('forgot_password', form, errors, {
    payload: (data) => ({ email: data.email.trim() }),
    send: () => form.post(route('password.email')),
  });

  return (
    <>
      <AuthForm
        tab="فراموشی رمز عبور"
        intro="ایمیل حسابتان را بنویسید تا پیوند تعیین رمز عبور جدید را برایتان بفرستیم."
        status={status}
        formRef={formRef}
        onSubmit={submit}
      >
        <FormAlert>{botError}</FormAlert>
        <TextField label="ایمیل" {...bindField(form, errors, 'email')} {...EMAIL_INPUT} required autoFocus />
        <SubmitButton busy={busy}>فرستادن پیوند</SubmitButton>
      </AuthForm>
      {route.has('login') && (
        <p className="mt-6 border-t border-gray-100 pt-5 text-sm text-gray-600">
          رمز عبورتان یادتان آمد؟ <TextLink href={route('login')}>بازگشت به ورود</TextLink>
        </p>
      )}
    </>
  );
}
