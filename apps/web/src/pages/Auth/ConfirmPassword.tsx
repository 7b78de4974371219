import { useForm } from '@renderfarm/react';
import type { ConfirmPasswordProps } from '@server/modules/auth/contracts';
import type { FormEvent } from 'react';
import { AuthForm } from '../../components/auth/AuthForm';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { bindField } from '../../components/ui/bind-field';
import { CURRENT_PASSWORD_INPUT } from '../../components/ui/input-presets';
import { TextField } from '../../components/ui/TextField';
import { useRoute } from '../../lib/route';

/** `password.confirm`: asked again before a sensitive action; remembered for a while. */
export default function ConfirmPassword({ has_password = true, mobile_masked }: ConfirmPasswordProps) {
  const route = useRoute();
  const form = useForm({ password: '', code: '' });
  const { errors, formRef } = useFocusedErrors(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) => (has_password ? { password: data.password } : { code: data.code.trim() }));
    await form.post(route('password.confirm.store'), { onFinish: () => form.reset() });
  };

  return (
    <AuthForm
      tab="تأیید رمز عبور"
      intro={
        has_password
          ? 'این بخش حساس است. برای ادامه، رمز عبورتان را دوباره وارد کنید.'
          : 'این بخش حساس است. کد پیامکی را که به موبایلتان فرستادیم وارد کنید.'
      }
      formRef={formRef}
      onSubmit={submit}
    >
      {has_password ? (
        <TextField
          label="رمز عبور"
          {...bindField(form, errors, 'password')}
          {...CURRENT_PASSWORD_INPUT}
          required
          autoFocus
        />
      ) : (
        <TextField
          label="کد تأیید"
          {...bindField(form, errors, 'code')}
          autoComplete="one-time-code"
          hint={mobile_masked ? <>فرستاده‌شده به {mobile_masked}</> : undefined}
          maxLength={6}
          digits
          ltr
          required
          autoFocus
        />
      )}
      <SubmitButton busy={form.processing}>تأیید و ادامه</SubmitButton>
    </AuthForm>
  );
}
