import { router, useForm } from '@renderfarm/react';
import type { AdminUsersEditProps } from '@server/modules/admin/contracts';
import { useState } from 'react';
import { ConfirmsPassword } from '../../../../components/confirm/ConfirmsPassword';
import { Button } from '../../../../components/ui/Button';
import { Card } from '../../../../components/ui/Card';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
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
  const errors = form.errors as Record<string, string | undefined>;
  const [asking, setAsking] = useState(false);
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
    <Card as="section" aria-labelledby="balance-title" className="p-4 sm:p-6">
      <h2 id="balance-title" className="font-bold text-gray-900">
        اصلاح موجودی
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        موجودی کنونی: <Price rial={item.balance} />. افزایش با عدد مثبت، کاهش با علامت منفی؛ یک ردیف «اصلاح»
        در گردش حساب کاربر ثبت می‌شود.
      </p>
      <ConfirmsPassword
        onConfirmed={send}
        description="اصلاح موجودی پول جابه‌جا می‌کند؛ رمز عبورتان را وارد کنید."
      >
        {(start, checking) => (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setAsking(true);
            }}
            noValidate
            className="mt-4 grid gap-4"
          >
            <MoneyInput
              label="مبلغ"
              name="amount"
              signed
              value={form.data.amount}
              onChange={(value) => form.setData('amount', value)}
              error={errors.amount}
              hint="برای کاهش، یک علامت منفی پیش از عدد بگذارید."
            />
            <TextAreaField
              label="دلیل"
              name="reason"
              rows={2}
              maxLength={500}
              value={form.data.reason}
              onChange={(value) => form.setData('reason', value)}
              error={errors.reason}
              hint="کاربر این دلیل را در گردش حسابش می‌بیند."
            />
            <div>
              <Button type="submit" disabled={form.processing || checking}>
                ثبت اصلاح
              </Button>
            </div>
            <ConfirmDialog
              open={asking}
              title="موجودی اصلاح شود؟"
              confirmLabel="بله، ثبت شود"
              cancelLabel="نه"
              onConfirm={() => {
                setAsking(false);
                start();
              }}
              onCancel={() => setAsking(false)}
            >
              {rial
                ? `${formatToman(Math.abs(rial))} ${rial > 0 ? 'به موجودی افزوده' : 'از موجودی کم'} می‌شود؛ موجودی پس از آن ${formatToman(item.balance + rial)}.`
                : 'مبلغ را بنویسید؛ اگر درست نباشد، سرور زیر همان خانه می‌گوید چرا.'}
            </ConfirmDialog>
          </form>
        )}
      </ConfirmsPassword>
    </Card>
  );
}

/**
 * `admin.users.suspend` (confirm): suspending stops the user's machines and ends their sessions;
 * the reason is what they read at sign-in. Lifting needs no reason.
 */
export function SuspendForm({ item, allowed }: { item: Item; allowed: boolean }) {
  const route = useRoute();
  const form = useForm({ suspended: !item.suspended, reason: '' });
  const errors = form.errors as Record<string, string | undefined>;
  const [asking, setAsking] = useState(false);
  const send = () => {
    form.transform((data) => ({ ...data, suspended: !item.suspended }));
    void form.patch(route('admin.users.suspend', { user: item.id }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  };
  if (!allowed) return null;
  return (
    <Card as="section" aria-labelledby="suspend-title" className="p-4 sm:p-6">
      <h2 id="suspend-title" className="font-bold text-gray-900">
        {item.suspended ? 'حساب معلق است' : 'تعلیق حساب'}
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        {item.suspended
          ? `دلیل: ${item.suspended_reason ?? '—'}`
          : 'سرورهای روشن کاربر خاموش و نشست‌هایش بسته می‌شود؛ هنگام ورود، دلیل را می‌بیند.'}
      </p>
      <ConfirmsPassword onConfirmed={send}>
        {(start, checking) => (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setAsking(true);
            }}
            noValidate
            className="mt-4 grid gap-4"
          >
            {!item.suspended && (
              <TextAreaField
                label="دلیل تعلیق"
                name="reason"
                rows={2}
                maxLength={500}
                value={form.data.reason}
                onChange={(value) => form.setData('reason', value)}
                error={errors.reason}
              />
            )}
            {item.suspended && errors.reason && <p className="text-sm text-red-700">{errors.reason}</p>}
            <div>
              <Button
                type="submit"
                variant={item.suspended ? 'secondary' : 'danger'}
                disabled={form.processing || checking}
              >
                {item.suspended ? 'برداشتن تعلیق' : 'معلق کردن حساب'}
              </Button>
            </div>
            <ConfirmDialog
              open={asking}
              danger={!item.suspended}
              title={item.suspended ? 'تعلیق برداشته شود؟' : 'حساب معلق شود؟'}
              confirmLabel={item.suspended ? 'بله، برداشته شود' : 'بله، معلق شود'}
              cancelLabel="نه"
              onConfirm={() => {
                setAsking(false);
                start();
              }}
              onCancel={() => setAsking(false)}
            >
              {item.suspended
                ? 'کاربر دوباره به همهٔ بخش‌های پنل دسترسی پیدا می‌کند.'
                : `«${item.name}» از همهٔ دستگاه‌ها بیرون می‌رود و سرورهای روشنش خاموش می‌شوند.`}
            </ConfirmDialog>
          </form>
        )}
      </ConfirmsPassword>
    </Card>
  );
}

/** `admin.users.two-factor.destroy` (confirm): the user sets two-factor up again. */
export function TwoFactorReset({ item }: { item: Item }) {
  const route = useRoute();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const send = () => {
    setBusy(true);
    router.delete(route('admin.users.two-factor.destroy', { user: item.id }), {
      preserveScroll: true,
      onFinish: () => setBusy(false),
    });
  };
  return (
    <ConfirmsPassword onConfirmed={send}>
      {(start, checking) => (
        <>
          <Button variant="secondary" disabled={busy || checking} onClick={() => setAsking(true)}>
            برداشتن ورود دومرحله‌ای
          </Button>
          <ConfirmDialog
            open={asking}
            danger
            title="ورود دومرحله‌ای برداشته شود؟"
            confirmLabel="بله، برداشته شود"
            cancelLabel="نه"
            onConfirm={() => {
              setAsking(false);
              start();
            }}
            onCancel={() => setAsking(false)}
          >
            کاربر تا دوباره آن را فعال نکند، فقط با رمز عبور یا کد پیامکی وارد می‌شود. این کار را تنها پس از
            اطمینان از هویت کاربر انجام دهید.
          </ConfirmDialog>
        </>
      )}
    </ConfirmsPassword>
  );
}
