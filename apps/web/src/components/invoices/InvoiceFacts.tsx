import type { InvoiceDetail } from '@server/modules/billing/invoices/contracts';
import type { ReactNode } from 'react';
import { FactList } from '../ui/FactList';
import { JalaliTime } from '../ui/JalaliTime';
import { StatusBadge } from '../ui/StatusBadge';
import { invoiceNumber } from './invoice-labels';

/** The facts at the top of an invoice's page: status, number, what it is for and its dates. */
export function InvoiceFacts({
  invoice,
  kindLabel,
  extra = [],
}: {
  invoice: Pick<InvoiceDetail, 'status' | 'number' | 'period' | 'created_at' | 'paid_at' | 'due_at'>;
  kindLabel: string;
  extra?: [string, ReactNode][];
}) {
  const facts: [string, ReactNode][] = [
    ['وضعیت', <StatusBadge key="status" kind="invoice" state={invoice.status} />],
    ['شماره', invoice.number === null ? 'پس از پرداخت داده می‌شود' : invoiceNumber(invoice)],
    ['بابت', invoice.period ? `${kindLabel} ${invoice.period}` : kindLabel],
    ['تاریخ صدور', <JalaliTime key="issued" value={invoice.created_at} />],
    ...(invoice.paid_at
      ? ([['تاریخ پرداخت', <JalaliTime key="paid" value={invoice.paid_at} />]] as [string, ReactNode][])
      : []),
    ...(invoice.due_at && invoice.status === 'pending'
      ? ([['مهلت پرداخت', <JalaliTime key="due" value={invoice.due_at} />]] as [string, ReactNode][])
      : []),
    ...extra,
  ];
  return <FactList facts={facts} />;
}
