import { useForm } from '@renderfarm/react';
import { useRoute } from '../../lib/route';
import { Button } from '../ui/Button';
import { formBinders } from '../ui/bind-field';
import { TextField } from '../ui/TextField';

/**
 * Proving a mobile number by SMS (`panel.account.mobile.send`, then `.update` with the code), as
 * Panel/Account/Edit and the KYC wizard both ask for it. The code field appears once a code went
 * to the number typed (`pending`: the number the server last sent one to).
 */
export function MobileCodeForms({
  initialMobile,
  pending,
  mobileLabel = 'شمارهٔ موبایل',
  codeLabel = 'کد شش‌رقمی',
  sendLabel = 'ارسال کد',
  onVerified,
}: {
  initialMobile: string;
  pending: string | null;
  mobileLabel?: string;
  codeLabel?: string;
  sendLabel?: string;
  onVerified?: () => void;
}) {
  const route = useRoute();
  const form = useForm({ mobile: pending ?? initialMobile, code: '' });
  const { field } = formBinders(form);
  const sent = pending !== null && pending === form.data.mobile;
  return (
    <>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          form.post(route('panel.account.mobile.send'), { preserveScroll: true });
        }}
      >
        <TextField
          label={mobileLabel}
          ltr
          digits
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          {...field('mobile')}
        />
        <Button type="submit" variant="secondary" disabled={form.processing} className="h-11">
          {sent ? 'ارسال دوبارهٔ کد' : sendLabel}
        </Button>
      </form>
      {sent && (
        <form
          noValidate
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            form.put(route('panel.account.mobile.update'), {
              preserveScroll: true,
              ...(onVerified ? { onSuccess: () => onVerified() } : {}),
            });
          }}
        >
          <TextField
            label={codeLabel}
            ltr
            digits
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...field('code')}
          />
          <Button type="submit" disabled={form.processing} className="h-11">
            تأیید کد
          </Button>
        </form>
      )}
    </>
  );
}
