import { useForm } from '@renderfarm/react';
import type { SigninProps } from '@server/modules/auth/contracts';
import { AuthForm } from '../../../components/auth/AuthForm';
import { SubmitButton } from '../../../components/auth/SubmitButton';
import { TextLink } from '../../../components/auth/TextLink';
import { useBotCheckedSubmit } from '../../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../../components/auth/use-focused-errors';
import { bindField } from '../../../components/ui/bind-field';
import { Checkbox } from '../../../components/ui/Checkbox';
import { FormAlert } from '../../../components/ui/FormAlert';
import { MOBILE_INPUT } from '../../../components/ui/input-presets';
import { TextField } from '../../../components/ui/TextField';
import { useRoute } from '../../../lib/route';

/**
 * `users.auth.signin`: a mobile number; a code goes to it whether or not it has an account.
 * «مرا به خاطر بسپار» is chosen here, as on the e-mail login, and honoured once the code is right.
 */
export default function Signin({ mobile = '', remember = false }: SigninProps) {
  const route = useRoute();
  const form = useForm({ mobile, remember });
  const { errors, formRef } = useFocusedErrors(form);
  const { submit, busy, botError } = useBotCheckedSubmit('signin', form, errors, {
    // Spaces and dashes people type between digit groups («۰۹۱۲ ۳۴۵ ۶۷۸۹») are not part of the number.
    payload: (data) => ({ ...data, mobile: data.mobile.replace(/[\s-]/g, '') }),
    send: () => form.post(route('users.auth.signin.store')),
  });

  return (
    <>
      <AuthForm
        tab="ورود با موبایل"
        title="ورود یا ثبت‌نام با موبایل"
        intro="شماره موبایلتان را وارد کنید تا کد تأیید برایتان پیامک شود. اگر حساب ندارید، همین‌جا ساخته می‌شود."
        formRef={formRef}
        onSubmit={submit}
      >
        <FormAlert>{botError}</FormAlert>
        <TextField
          label="شماره موبایل"
          {...bindField(form, errors, 'mobile')}
          {...MOBILE_INPUT}
          hint="با رقم‌های فارسی یا انگلیسی، مثل ۰۹۱۲۱۲۳۴۵۶۷"
          maxLength={20}
          required
          autoFocus
        />
        <Checkbox
          label="مرا به خاطر بسپار"
          name="remember"
          checked={form.data.remember}
          onChange={(checked) => form.setData('remember', checked)}
        />
        <SubmitButton busy={busy}>دریافت کد تأیید</SubmitButton>
      </AuthForm>
      {route.has('login') && (
        <p className="mt-6 border-t border-gray-100 pt-5 text-sm text-gray-600">
          با ایمیل و رمز عبور وارد می‌شوید؟ <TextLink href={route('login')}>ورود با ایمیل</TextLink>
        </p>
      )}
    </>
  );
}
