import { useForm } from '@renderfarm/react';
import type { ResetPasswordProps } from '@server/modules/auth/contracts';
import type { FormEvent } from 'react';
import { AuthForm } from '../../components/auth/AuthForm';
import { NewPasswordFields } from '../../components/auth/NewPasswordFields';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { bindField } from '../../components/ui/bind-field';
import { TextField } from '../../components/ui/TextField';
import { useRoute } from '../../lib/route';

/** `password.reset`: the new password, from the e-mailed link (which carries the token). */
export default function ResetPassword({ email, token }: ResetPasswordProps) {
  const route = useRoute();
  const form = useForm({ token, email: email ?? '', password: '', password_confirmation: '' });
  const { errors, formRef } = useFocusedErrors(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => ({ ...data, email: data.email.trim() }));
    await form.post(route('password.update'), {
      // On success only: a refused form keeps what was typed, so every error can be fixed at once.
      onSuccess: () => form.reset('password', 'password_confirmation'),
    });
  };

  return (
    <AuthForm
      tab="تعیین رمز عبور جدید"
      intro="رمز تازه‌ای انتخاب کنید. پس از ذخیره، از همه دستگاه‌های دیگر خارج می‌شوید."
      formRef={formRef}
      onSubmit={submit}
    >
      {/* The token's own error (expired, used) is about the link, not a field the person can fix. */}
      {errors.token && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errors.token}
        </p>
      )}
      <TextField
        label="ایمیل"
        {...bindField(form, errors, 'email')}
        type="email"
        autoComplete="username"
        ltr
        required
      />
      <NewPasswordFields form={form} errors={errors} label="رمز عبور جدید" autoFocus />
      <SubmitButton busy={form.processing}>ذخیره رمز عبور</SubmitButton>
    </AuthForm>
  );
}
