import type { InvoiceDetail, InvoiceItemView } from '@server/modules/billing/invoices/contracts';
import { ReceiptText } from 'lucide-react';
import { formatNumber } from '../../lib/digits';
import { type Column, DataTable } from '../ui/DataTable';
import { Price } from '../ui/Price';
import { TableCard } from '../ui/TableCard';
import { TotalRow } from './TotalRow';

/** An invoice's lines with its subtotal, VAT at its frozen rate, total and anything refunded. */
export function InvoiceLines({
  items,
  invoice,
}: {
  items: InvoiceItemView[];
  invoice: Pick<InvoiceDetail, 'subtotal' | 'tax' | 'tax_rate' | 'total' | 'refunded'>;
}) {
  const columns: Column<InvoiceItemView>[] = [
    { key: 'description', label: 'شرح' },
    { key: 'quantity', label: 'تعداد', numeric: true, render: (row) => formatNumber(row.quantity) },
    { key: 'unit', label: 'مبلغ واحد', numeric: true, render: (row) => <Price rial={row.unit_price} /> },
    { key: 'amount', label: 'مبلغ', numeric: true, render: (row) => <Price rial={row.amount} /> },
  ];
  return (
    <>
      <DataTable
        caption="ردیف‌های صورت‌حساب"
        columns={columns}
        rows={items}
        empty={{ icon: ReceiptText, title: 'این صورت‌حساب هنوز ردیفی ندارد' }}
      />
      <div className="mt-4 grid gap-2 border-t border-gray-200 pt-4 sm:ms-auto sm:max-w-sm">
        <TotalRow label="جمع" rial={invoice.subtotal} />
        <TotalRow label={`مالیات بر ارزش افزوده (${formatNumber(invoice.tax_rate)}٪)`} rial={invoice.tax} />
        <TotalRow label="مبلغ کل" rial={invoice.total} strong />
        {invoice.refunded > 0 && <TotalRow label="بازپرداخت شده" rial={invoice.refunded} />}
      </div>
    </>
  );
}

/** The lines in a card of their own, titled «ردیف‌ها», as an invoice's page shows them. */
export function InvoiceLinesCard(props: Parameters<typeof InvoiceLines>[0]) {
  return (
    <TableCard id="lines-title" title="ردیف‌ها">
      <div className="px-2">
        <InvoiceLines {...props} />
      </div>
    </TableCard>
  );
}
