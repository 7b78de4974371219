import { useForm } from '@renderfarm/react';
import type { SignupProps } from '@server/modules/auth/contracts';
import { AuthForm } from '../../../components/auth/AuthForm';
import { FullNameField } from '../../../components/auth/FullNameField';
import { SubmitButton } from '../../../components/auth/SubmitButton';
import { TermsCheckbox } from '../../../components/auth/TermsCheckbox';
import { TextLink } from '../../../components/auth/TextLink';
import { useBotCheckedSubmit } from '../../../components/auth/use-bot-checked-submit';
import { useFocusedErrors } from '../../../components/auth/use-focused-errors';
import { bindCheckbox, bindField } from '../../../components/ui/bind-field';
import { FormAlert } from '../../../components/ui/FormAlert';
import { EMAIL_INPUT, MOBILE_INPUT } from '../../../components/ui/input-presets';
import { TextField } from '../../../components/ui/TextField';
import { useRoute } from '../../../lib/route';

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
  const { errors, formRef } = useFocusedErrors(form);
  const { submit, busy, botError } = useBotCheckedSubmit('signup', form, errors, {
    payload: (data) => {
      const { email, referral_code: referral, ...rest } = data;
      // Optional fields left empty are not sent: "" is not an e-mail address to validate.
      return {
        ...rest,
        name: rest.name.trim(),
        mobile: rest.mobile.replace(/[\s-]/g, ''),
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(referral.trim() ? { referral_code: referral.trim() } : {}),
      };
    },
    send: () => form.post(route('users.auth.signup.store')),
  });

  return (
    <>
      <AuthForm
        tab="ثبت‌نام با موبایل"
        intro={
          mobile_verified
            ? 'شماره‌تان تأیید شد. نامتان را بنویسید تا حساب ساخته شود.'
            : 'نام و شماره موبایلتان را بنویسید؛ برای تأیید شماره، کدی برایتان پیامک می‌شود.'
        }
        formRef={formRef}
        onSubmit={submit}
      >
        <FormAlert>{botError}</FormAlert>
        <FullNameField form={form} errors={errors} />
        <TextField
          label="شماره موبایل"
          {...bindField(form, errors, 'mobile')}
          {...MOBILE_INPUT}
          readOnly={mobile_verified}
          hint={mobile_verified ? 'این شماره تأیید شده است.' : undefined}
          required
        />
        <TextField label="ایمیل (اختیاری)" {...bindField(form, errors, 'email')} {...EMAIL_INPUT} />
        <TextField
          label="کد معرف (اختیاری)"
          {...bindField(form, errors, 'referral_code')}
          autoComplete="off"
          maxLength={32}
          ltr
        />
        <TermsCheckbox {...bindCheckbox(form, errors, 'terms')} />
        <SubmitButton busy={busy}>ساخت حساب</SubmitButton>
      </AuthForm>
      {route.has('users.auth.signin') && (
        <p className="mt-6 border-t border-gray-100 pt-5 text-sm text-gray-600">
          حساب دارید؟ <TextLink href={route('users.auth.signin')}>وارد شوید</TextLink>
        </p>
      )}
    </>
  );
}
