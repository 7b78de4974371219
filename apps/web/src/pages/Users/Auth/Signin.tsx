import { useForm } from '@renderfarm/react';
import { type FormEvent, useRef } from 'react';
import { Head } from '../../../app/protocol';
import { AuthHeading } from '../../../components/auth/AuthHeading';
import { SubmitButton } from '../../../components/auth/SubmitButton';
import { TextLink } from '../../../components/auth/TextLink';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextField } from '../../../components/ui/TextField';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { CAPTCHA_FIELD } from '../../../lib/bot-check/constants';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { withCaptcha } from '../../../lib/bot-check/with-token';
import { useRoute } from '../../../lib/route';

/** `users.auth.signin`: a mobile number; a code goes to it whether or not it has an account. */
export default function Signin() {
  const route = useRoute();
  const form = useForm({ mobile: '' });
  const bot = useBotCheck('signin');
  const errors = useFormErrors(form);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = await bot.token();
    if (token === undefined) return;
    // Spaces and dashes people type between digit groups («۰۹۱۲ ۳۴۵ ۶۷۸۹») are not part of the number.
    form.transform((data) => withCaptcha({ mobile: data.mobile.replace(/[\s-]/g, '') }, token));
    await form.post(route('users.auth.signin.store'));
  };

  return (
    <>
      <Head title="ورود با موبایل" />
      <AuthHeading title="ورود یا ثبت‌نام با موبایل">
        شماره موبایلتان را وارد کنید تا کد تأیید برایتان پیامک شود. اگر حساب ندارید، همین‌جا ساخته می‌شود.
      </AuthHeading>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        <FormAlert>{bot.error ?? errors[CAPTCHA_FIELD]}</FormAlert>
        <TextField
          label="شماره موبایل"
          name="mobile"
          type="tel"
          value={form.data.mobile}
          onChange={(value) => form.setData('mobile', value)}
          error={errors.mobile}
          autoComplete="tel"
          placeholder="09121234567"
          hint="با رقم‌های فارسی یا انگلیسی، مثل ۰۹۱۲۱۲۳۴۵۶۷"
          maxLength={20}
          digits
          ltr
          required
          autoFocus
        />
        <SubmitButton busy={form.processing || bot.checking}>دریافت کد تأیید</SubmitButton>
      </form>
      {route.has('login') && (
        <p className="mt-6 border-t border-gray-100 pt-5 text-sm text-gray-600">
          با ایمیل و رمز عبور وارد می‌شوید؟ <TextLink href={route('login')}>ورود با ایمیل</TextLink>
        </p>
      )}
    </>
  );
}
