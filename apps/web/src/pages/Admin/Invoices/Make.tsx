import type { AdminInvoicesMakeProps } from '@server/modules/billing/invoices/contracts';
import { Card } from '../../../components/ui/Card';
import { Ltr } from '../../../components/ui/Ltr';
import { Price } from '../../../components/ui/Price';
import { Screen } from '../../../components/ui/Screen';
import { toPersianDigits } from '../../../lib/digits';
import { InvoiceForm } from './parts/InvoiceForm';

/**
 * `admin.invoices.make` «صدور صورت‌حساب»: a manual invoice for one customer (a service, a fee, a
 * correction): its lines, tax rate and due date; issued at once or kept as a draft.
 */
export default function AdminInvoiceMake({ user, vat_rate, kinds }: AdminInvoicesMakeProps) {
  return (
    <Screen
      title="صدور صورت‌حساب"
      description="صورت‌حساب صادرشده در پنل مشتری منتظر پرداخت می‌ماند؛ پیش‌نویس را فقط مدیران می‌بینند."
    >
      {user && (
        <Card className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-1 p-4 text-sm">
          <span className="font-bold text-gray-900">{user.name}</span>
          {user.email && <Ltr>{user.email}</Ltr>}
          {user.mobile && <Ltr>{toPersianDigits(user.mobile)}</Ltr>}
          <span className="text-gray-600">
            موجودی: <Price rial={user.balance} />
          </span>
        </Card>
      )}
      <InvoiceForm
        invoice={null}
        user={user ? String(user.email ?? user.mobile ?? user.id) : ''}
        kinds={kinds}
        taxRate={vat_rate}
      />
    </Screen>
  );
}
