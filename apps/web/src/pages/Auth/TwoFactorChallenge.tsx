import { useForm } from '@renderfarm/react';
import { type FormEvent, useRef, useState } from 'react';
import { AuthForm } from '../../components/auth/AuthForm';
import { SubmitButton } from '../../components/auth/SubmitButton';
import { useFocusedErrors } from '../../components/auth/use-focused-errors';
import { bindField } from '../../components/ui/bind-field';
import { TextField } from '../../components/ui/TextField';
import { useRoute } from '../../lib/route';

/** `two-factor.login`: the code from the authenticator app, or one of the recovery codes. */
export default function TwoFactorChallenge() {
  const route = useRoute();
  const [recovery, setRecovery] = useState(false);
  const form = useForm({ code: '', recovery_code: '' });
  const { errors, formRef } = useFocusedErrors(form);
  const codeRef = useRef<HTMLInputElement>(null);
  const recoveryRef = useRef<HTMLInputElement>(null);

  const toggle = () => {
    const next = !recovery;
    setRecovery(next);
    form.reset();
    form.clearErrors();
    // The field changes under the person's focus: move it to the new one.
    requestAnimationFrame(() => (next ? recoveryRef : codeRef).current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.transform((data) =>
      recovery ? { recovery_code: data.recovery_code.trim() } : { code: data.code.replace(/\s/g, '') },
    );
    await form.post(route('two-factor.login.store'));
  };

  return (
    <>
      <AuthForm
        tab="ورود دومرحله‌ای"
        intro={
          recovery
            ? 'یکی از کدهای بازیابی را که هنگام فعال‌کردن ورود دومرحله‌ای ذخیره کردید وارد کنید. هر کد فقط یک بار کار می‌کند.'
            : 'کد شش‌رقمی برنامه احراز هویت (مثل Google Authenticator) را وارد کنید.'
        }
        formRef={formRef}
        onSubmit={submit}
      >
        {recovery ? (
          <TextField
            label="کد بازیابی"
            {...bindField(form, errors, 'recovery_code')}
            ref={recoveryRef}
            autoComplete="one-time-code"
            ltr
            required
            autoFocus
          />
        ) : (
          <TextField
            label="کد تأیید"
            {...bindField(form, errors, 'code')}
            ref={codeRef}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            digits
            ltr
            required
            autoFocus
          />
        )}
        <SubmitButton busy={form.processing}>ورود</SubmitButton>
      </AuthForm>
      <button
        type="button"
        onClick={toggle}
        className="mt-5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        {recovery ? 'استفاده از کد برنامه احراز هویت' : 'به برنامه دسترسی ندارم؛ استفاده از کد بازیابی'}
      </button>
    </>
  );
}
