import { useForm } from '@renderfarm/react';
import type { LoginProps } from '@server/modules/auth/contracts';
import { AuthFooter } from '../../components/auth/AuthFooter';
import { AuthForm } from '../../components/auth/AuthForm';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { TextLink } from '../../components/auth/TextLink';
import { useBotCheckedSubmit } from '../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { bindField } from '../../components/ui/bind-field';
import { Checkbox } from '../../components/ui/Checkbox';
import { FormAlert } from '../../components/ui/FormAlert';
import { CURRENT_PASSWORD_INPUT, LOGIN_INPUT } from '../../components/ui/input-presets';
import { TextField } from '../../components/ui/TextField';
import { useRoute } from '../../lib/route';

/** `login`: e-mail (or mobile) and password; the mobile-code sign-in is one link away. */
export default function Login({ can_reset_password = true, can_register = true, status }: LoginProps) {
  const route = useRoute();
  const form = useForm({ email: '', password: '', remember: false });
  const { errors, formRef } = useFocusedErrors(form);
  const { submit, busy, botError } = useBotCheckedSubmit('login', form, errors, {
    payload: (data) => ({ ...data, email: data.email.trim() }),
    send: () => form.post(route('login.store'), { onFinish: () => form.reset('password') }),
  });

  return (
    <>
      <AuthForm
        tab="ورود"
        title="ورود به حساب"
        intro="با ایمیل یا شماره موبایل و رمز عبورتان وارد شوید."
        status={status}
        formRef={formRef}
        onSubmit={submit}
      >
        <FormAlert>{botError}</FormAlert>
        <TextField
          label="ایمیل یا شماره موبایل"
          {...bindField(form, errors, 'email')}
          {...LOGIN_INPUT}
          required
          autoFocus
        />
        <div>
          <TextField
            label="رمز عبور"
            {...bindField(form, errors, 'password')}
            {...CURRENT_PASSWORD_INPUT}
            required
          />
          {can_reset_password && route.has('password.request') && (
            <p className="mt-2 text-sm">
              <TextLink href={route('password.request')}>رمز عبورتان را فراموش کرده‌اید؟</TextLink>
            </p>
          )}
        </div>
        <Checkbox
          label="مرا به خاطر بسپار"
          name="remember"
          checked={form.data.remember}
          onChange={(checked) => form.setData('remember', checked)}
        />
        <SubmitButton busy={busy}>ورود</SubmitButton>
      </AuthForm>
      <AuthFooter>
        {route.has('users.auth.signin') && (
          <p>
            رمز عبور ندارید؟ <TextLink href={route('users.auth.signin')}>ورود با کد پیامکی</TextLink>
          </p>
        )}
        {can_register && route.has('register') && (
          <p>
            حساب کاربری ندارید؟ <TextLink href={route('register')}>ثبت‌نام کنید</TextLink>
          </p>
        )}
      </AuthFooter>
    </>
  );
}
