import { router, useForm } from '@renderfarm/react';
import type { AdminUsersEditProps } from '@server/modules/admin/contracts';
import { useState } from 'react';
import { AskFirstButton } from '../../../../components/confirm/AskFirstButton';
import { PasswordConfirmedForm } from '../../../../components/confirm/PasswordConfirmedForm';
import { formBinders } from '../../../../components/ui/bind-field';
import { MoneyInput, parseToman } from '../../../../components/ui/MoneyInput';
import { Price } from '../../../../components/ui/Price';
import { TextAreaField } from '../../../../components/ui/TextAreaField';
import { formatToman } from '../../../../lib/money';
import { useRoute } from '../../../../lib/route';

type Item = AdminUsersEditProps['item'];

/**
 * `admin.users.balance` (confirm): ± Toman (as the card shows the balance) and a reason; the form carries its own key, so a second
 * click or a resend makes no second ledger line. A new key comes with the page after success.
 */
export function BalanceForm({ item, formKey }: { item: Item; formKey: string }) {
  const route = useRoute();
  const form = useForm({ amount: '', reason: '', idempotency_key: formKey });
  const { field } = formBinders(form);
  const rial = parseToman(form.data.amount, { signed: true });
  const send = () => {
    // The page's key, not the one the form started with: after a success the page brings a new one.
    form.transform((data) => ({ ...data, idempotency_key: formKey }));
    void form.post(route('admin.users.balance', { user: item.id }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  };
  return (
    <PasswordConfirmedForm
      id="balance-title"
      title="اصلاح موجودی"
      intro={
        <>
          موجودی کنونی: <Price rial={item.balance} />. افزایش با عدد مثبت، کاهش با علامت منفی؛ یک ردیف «اصلاح»
          در گردش حساب کاربر ثبت می‌شود.
        </>
      }
      passwordNote="اصلاح موجودی پول جابه‌جا می‌کند؛ رمز عبورتان را وارد کنید."
      submit={{ label: 'ثبت اصلاح' }}
      busy={form.processing}
      ask={{
        title: 'موجودی اصلاح شود؟',
        confirmLabel: 'بله، ثبت شود',
        cancelLabel: 'نه',
        text: rial
          ? `${formatToman(Math.abs(rial))} ${rial > 0 ? 'به موجودی افزوده' : 'از موجودی کم'} می‌شود؛ موجودی پس از آن ${formatToman(item.balance + rial)}.`
          : 'مبلغ را بنویسید؛ اگر درست نباشد، سرور زیر همان خانه می‌گوید چرا.',
      }}
      onConfirmed={send}
    >
      <MoneyInput
        label="مبلغ"
        {...field('amount')}
        signed
        hint="برای کاهش، یک علامت منفی پیش از عدد بگذارید."
      />
      <TextAreaField
        label="دلیل"
        {...field('reason')}
        rows={2}
        maxLength={500}
        hint="کاربر این دلیل را در گردش حسابش می‌بیند."
      />
    </PasswordConfirmedForm>
  );
}

/**
 * `admin.users.suspend` (confirm): suspending stops the user's machines and ends their sessions;
 * the reason is what they read at sign-in. Lifting needs no reason.
 */
export function SuspendForm({ item, allowed }: { item: Item; allowed: boolean }) {
  const route = useRoute();
  const form = useForm({ suspended: !item.suspended, reason: '' });
  const { field } = formBinders(form);
  const errors = form.errors as Record<string, string | undefined>;
  const send = () => {
    form.transform((data) => ({ ...data, suspended: !item.suspended }));
    void form.patch(route('admin.users.suspend', { user: item.id }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  };
  if (!allowed) return null;
  return (
    <PasswordConfirmedForm
      id="suspend-title"
      title={item.suspended ? 'حساب معلق است' : 'تعلیق حساب'}
      intro={
        item.suspended
          ? `دلیل: ${item.suspended_reason ?? '—'}`
          : 'سرورهای روشن کاربر خاموش و نشست‌هایش بسته می‌شود؛ هنگام ورود، دلیل را می‌بیند.'
      }
      submit={{
        label: item.suspended ? 'برداشتن تعلیق' : 'معلق کردن حساب',
        variant: item.suspended ? 'secondary' : 'danger',
      }}
      busy={form.processing}
      ask={{
        title: item.suspended ? 'تعلیق برداشته شود؟' : 'حساب معلق شود؟',
        confirmLabel: item.suspended ? 'بله، برداشته شود' : 'بله، معلق شود',
        cancelLabel: 'نه',
        danger: !item.suspended,
        text: item.suspended
          ? 'کاربر دوباره به همهٔ بخش‌های پنل دسترسی پیدا می‌کند.'
          : `«${item.name}» از همهٔ دستگاه‌ها بیرون می‌رود و سرورهای روشنش خاموش می‌شوند.`,
      }}
      onConfirmed={send}
    >
      {!item.suspended && <TextAreaField label="دلیل تعلیق" {...field('reason')} rows={2} maxLength={500} />}
      {item.suspended && errors.reason && <p className="text-sm text-red-700">{errors.reason}</p>}
    </PasswordConfirmedForm>
  );
}

/** `admin.users.two-factor.destroy` (confirm): the user sets two-factor up again. */
export function TwoFactorReset({ item }: { item: Item }) {
  const route = useRoute();
  const [busy, setBusy] = useState(false);
  const send = () => {
    setBusy(true);
    router.delete(route('admin.users.two-factor.destroy', { user: item.id }), {
      preserveScroll: true,
      onFinish: () => setBusy(false),
    });
  };
  return (
    <AskFirstButton
      disabled={busy}
      ask={{
        danger: true,
        title: 'ورود دومرحله‌ای برداشته شود؟',
        confirmLabel: 'بله، برداشته شود',
        text: 'کاربر تا دوباره آن را فعال نکند، فقط با رمز عبور یا کد پیامکی وارد می‌شود. این کار را تنها پس از اطمینان از هویت کاربر انجام دهید.',
      }}
      onConfirmed={send}
    >
      برداشتن ورود دومرحله‌ای
    </AskFirstButton>
  );
}
