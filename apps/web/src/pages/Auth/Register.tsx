import { useForm } from '@renderfarm/react';
import { AuthFooter } from '../../components/auth/AuthFooter';
import { AuthForm } from '../../components/auth/AuthForm';
import { FullNameField } from '../../components/auth/FullNameField';
import { NewPasswordFields } from '../../components/auth/NewPasswordFields';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { TermsCheckbox } from '../../components/auth/TermsCheckbox';
import { TextLink } from '../../components/auth/TextLink';
import { useBotCheckedSubmit } from '../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { bindCheckbox, bindField } from '../../components/ui/bind-field';
import { FormAlert } from '../../components/ui/FormAlert';
import { EMAIL_INPUT, MOBILE_INPUT } from '../../components/ui/input-presets';
import { TextField } from '../../components/ui/TextField';
import { useRoute } from '../../lib/route';

/** `register`: a customer account from name, e-mail, mobile and a password. */
export default function Register() {
  const route = useRoute();
  const form = useForm({
    name: '',
    email: '',
    mobile: '',
    password: '',
    password_confirmation: '',
    terms: false,
  });
  const { errors, formRef } = useFocusedErrors(form);
  const { submit, busy, botError } = useBotCheckedSubmit('register', form, errors, {
    payload: (data) => ({
      ...data,
      name: data.name.trim(),
      email: data.email.trim(),
      mobile: data.mobile.trim(),
    }),
    send: () =>
      form.post(route('register.store'), {
        // On success only: a refused form keeps what was typed, so every error can be fixed at once.
        onSuccess: () => form.reset('password', 'password_confirmation'),
      }),
  });

  return (
    <>
      <AuthForm
        tab="ثبت‌نام"
        title="ساخت حساب کاربری"
        intro="چند دقیقه بیشتر طول نمی‌کشد؛ بعد از ثبت‌نام ایمیلتان را تأیید کنید."
        formRef={formRef}
        onSubmit={submit}
      >
        <FormAlert>{botError}</FormAlert>
        <FullNameField form={form} errors={errors} />
        <TextField label="ایمیل" {...bindField(form, errors, 'email')} {...EMAIL_INPUT} required />
        <TextField label="شماره موبایل" {...bindField(form, errors, 'mobile')} {...MOBILE_INPUT} required />
        <NewPasswordFields form={form} errors={errors} />
        <TermsCheckbox {...bindCheckbox(form, errors, 'terms')} />
        <SubmitButton busy={busy}>ثبت‌نام</SubmitButton>
      </AuthForm>
      <AuthFooter>
        {route.has('login') && (
          <p>
            حساب دارید؟ <TextLink href={route('login')}>وارد شوید</TextLink>
          </p>
        )}
        {route.has('users.auth.signup') && (
          <p>
            یا <TextLink href={route('users.auth.signup')}>فقط با شماره موبایل ثبت‌نام کنید</TextLink>
          </p>
        )}
      </AuthFooter>
    </>
  );
}
