import { useForm } from '@renderfarm/react';
import { Head } from '../../app/protocol';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { NewPasswordFields } from '../../components/auth/NewPasswordFields';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { TermsCheckbox } from '../../components/auth/TermsCheckbox';
import { TextLink } from '../../components/auth/TextLink';
import { useBotCheckedSubmit } from '../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { FormAlert } from '../../components/ui/FormAlert';
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
        onFinish: () => form.reset('password', 'password_confirmation'),
      }),
  });

  return (
    <>
      <Head title="ثبت‌نام" />
      <AuthHeading title="ساخت حساب کاربری">
        چند دقیقه بیشتر طول نمی‌کشد؛ بعد از ثبت‌نام ایمیلتان را تأیید کنید.
      </AuthHeading>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        <FormAlert>{botError}</FormAlert>
        <TextField
          label="نام و نام خانوادگی"
          name="name"
          value={form.data.name}
          onChange={(value) => form.setData('name', value)}
          error={errors.name}
          autoComplete="name"
          maxLength={255}
          required
          autoFocus
        />
        <TextField
          label="ایمیل"
          name="email"
          type="email"
          value={form.data.email}
          onChange={(value) => form.setData('email', value)}
          error={errors.email}
          autoComplete="email"
          ltr
          required
        />
        <TextField
          label="شماره موبایل"
          name="mobile"
          type="tel"
          value={form.data.mobile}
          onChange={(value) => form.setData('mobile', value)}
          error={errors.mobile}
          autoComplete="tel"
          placeholder="09121234567"
          digits
          ltr
          required
        />
        <NewPasswordFields form={form} errors={errors} />
        <TermsCheckbox
          checked={form.data.terms}
          onChange={(checked) => form.setData('terms', checked)}
          error={errors.terms}
        />
        <SubmitButton busy={busy}>ثبت‌نام</SubmitButton>
      </form>
      <div className="mt-6 space-y-2 border-t border-gray-100 pt-5 text-sm text-gray-600">
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
      </div>
    </>
  );
}
