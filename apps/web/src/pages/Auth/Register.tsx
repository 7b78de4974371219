import { useForm } from '@renderfarm/react';
import { type FormEvent, useRef } from 'react';
import { Head } from '../../app/protocol';
import { AuthHeading } from '../../components/auth/AuthHeading';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { TextLink } from '../../components/auth/TextLink';
import { Checkbox } from '../../components/ui/Checkbox';
import { FormAlert } from '../../components/ui/FormAlert';
import { TextField } from '../../components/ui/TextField';
import { useFocusFirstError } from '../../hooks/use-focus-first-error';
import { useFormErrors } from '../../hooks/use-form-errors';
import { CAPTCHA_FIELD } from '../../lib/bot-check/constants';
import { useBotCheck } from '../../lib/bot-check/use-bot-check';
import { withCaptcha } from '../../lib/bot-check/with-token';
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
  const bot = useBotCheck('register');
  const errors = useFormErrors(form);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = await bot.token();
    if (token === undefined) return;
    form.transform((data) =>
      withCaptcha(
        { ...data, name: data.name.trim(), email: data.email.trim(), mobile: data.mobile.trim() },
        token,
      ),
    );
    await form.post(route('register.store'), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    });
  };

  const terms = route.has('terms.show') ? (
    <TextLink href={route('terms.show')}>قوانین و مقررات</TextLink>
  ) : (
    'قوانین و مقررات'
  );

  return (
    <>
      <Head title="ثبت‌نام" />
      <AuthHeading title="ساخت حساب کاربری">
        چند دقیقه بیشتر طول نمی‌کشد؛ بعد از ثبت‌نام ایمیلتان را تأیید کنید.
      </AuthHeading>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        <FormAlert>{bot.error ?? errors[CAPTCHA_FIELD]}</FormAlert>
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
        <TextField
          label="رمز عبور"
          name="password"
          type="password"
          value={form.data.password}
          onChange={(value) => form.setData('password', value)}
          error={errors.password}
          autoComplete="new-password"
          hint="دست‌کم ۸ نویسه؛ رمزهای رایج و لو‌رفته پذیرفته نمی‌شوند."
          ltr
          required
        />
        <TextField
          label="تکرار رمز عبور"
          name="password_confirmation"
          type="password"
          value={form.data.password_confirmation}
          onChange={(value) => form.setData('password_confirmation', value)}
          error={errors.password_confirmation}
          autoComplete="new-password"
          ltr
          required
        />
        <Checkbox
          name="terms"
          label={<>{terms} را خوانده‌ام و می‌پذیرم.</>}
          checked={form.data.terms}
          onChange={(checked) => form.setData('terms', checked)}
          error={errors.terms}
        />
        <SubmitButton busy={form.processing || bot.checking}>ثبت‌نام</SubmitButton>
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
