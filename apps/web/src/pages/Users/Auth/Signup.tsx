import { useForm } from '@renderfarm/react';
import { type FormEvent, useRef } from 'react';
import { Head } from '../../../app/protocol';
import { AuthHeading } from '../../../components/auth/AuthHeading';
import { SubmitButton } from '../../../components/auth/SubmitButton';
import { TextLink } from '../../../components/auth/TextLink';
import { Checkbox } from '../../../components/ui/Checkbox';
import { FormAlert } from '../../../components/ui/FormAlert';
import { TextField } from '../../../components/ui/TextField';
import { useFocusFirstError } from '../../../hooks/use-focus-first-error';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { CAPTCHA_FIELD } from '../../../lib/bot-check/constants';
import { useBotCheck } from '../../../lib/bot-check/use-bot-check';
import { withCaptcha } from '../../../lib/bot-check/with-token';
import { useRoute } from '../../../lib/route';

export interface SignupProps {
  /** The number verified in this session by SMS code: shown locked. */
  mobile?: string | null;
  mobile_verified?: boolean;
  /** From a referral link (`?ref=`), prefilled. */
  referral_code?: string | null;
}

/** `users.auth.signup`: name and mobile (optional e-mail and referral code) for a new account. */
export default function Signup({ mobile, mobile_verified = false, referral_code }: SignupProps) {
  const route = useRoute();
  const form = useForm({
    name: '',
    mobile: mobile ?? '',
    email: '',
    referral_code: referral_code ?? '',
    terms: false,
  });
  const bot = useBotCheck('signup');
  const errors = useFormErrors(form);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const token = await bot.token();
    if (token === undefined) return;
    form.transform((data) => {
      const { email, referral_code: referral, ...rest } = data;
      // Optional fields left empty are not sent: "" is not an e-mail address to validate.
      return withCaptcha(
        {
          ...rest,
          name: rest.name.trim(),
          mobile: rest.mobile.replace(/[\s-]/g, ''),
          ...(email.trim() ? { email: email.trim() } : {}),
          ...(referral.trim() ? { referral_code: referral.trim() } : {}),
        },
        token,
      );
    });
    await form.post(route('users.auth.signup.store'));
  };

  const terms = route.has('terms.show') ? (
    <TextLink href={route('terms.show')}>قوانین و مقررات</TextLink>
  ) : (
    'قوانین و مقررات'
  );

  return (
    <>
      <Head title="ثبت‌نام با موبایل" />
      <AuthHeading title="ثبت‌نام با موبایل">
        {mobile_verified
          ? 'شماره‌تان تأیید شد. نامتان را بنویسید تا حساب ساخته شود.'
          : 'نام و شماره موبایلتان را بنویسید؛ برای تأیید شماره، کدی برایتان پیامک می‌شود.'}
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
          label="شماره موبایل"
          name="mobile"
          type="tel"
          value={form.data.mobile}
          onChange={(value) => form.setData('mobile', value)}
          error={errors.mobile}
          autoComplete="tel"
          readOnly={mobile_verified}
          hint={mobile_verified ? 'این شماره تأیید شده است.' : undefined}
          placeholder="09121234567"
          digits
          ltr
          required
        />
        <TextField
          label="ایمیل (اختیاری)"
          name="email"
          type="email"
          value={form.data.email}
          onChange={(value) => form.setData('email', value)}
          error={errors.email}
          autoComplete="email"
          ltr
        />
        <TextField
          label="کد معرف (اختیاری)"
          name="referral_code"
          value={form.data.referral_code}
          onChange={(value) => form.setData('referral_code', value)}
          error={errors.referral_code}
          autoComplete="off"
          maxLength={32}
          ltr
        />
        <Checkbox
          name="terms"
          label={<>{terms} را خوانده‌ام و می‌پذیرم.</>}
          checked={form.data.terms}
          onChange={(checked) => form.setData('terms', checked)}
          error={errors.terms}
        />
        <SubmitButton busy={form.processing || bot.checking}>ساخت حساب</SubmitButton>
      </form>
      {route.has('users.auth.signin') && (
        <p className="mt-6 border-t border-gray-100 pt-5 text-sm text-gray-600">
          حساب دارید؟ <TextLink href={route('users.auth.signin')}>وارد شوید</TextLink>
        </p>
      )}
    </>
  );
}
