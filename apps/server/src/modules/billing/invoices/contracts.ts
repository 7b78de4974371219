import type { InvoiceDocument } from '../invoice-document';
import type { BillTo, InvoiceKind, InvoiceStatus, PaymentStatus } from '../tables';

/**
 * The props of the invoice pages (Panel/Invoices, Admin/Invoices), the only server file they
 * import, type-only. Amounts are integer Rial, times ISO-8601 UTC, days ISO (`2026-11-24`, Tehran).
 */

export type { InvoiceLine } from '../invoice-document';
export type { BillTo, InvoiceDocument, InvoiceKind, InvoiceStatus };

export interface Option {
  value: string;
  label: string;
}

/** The bill-to form as typed (every field a string; the ones a kind does not use are empty). */
export interface BillToValues {
  kind: 'person' | 'company';
  name: string;
  national_code: string;
  company_id: string;
  economic_code: string;
  address: string;
  postal_code: string;
}

export interface InvoiceRow {
  uuid: string;
  /** Assigned when paid; null before. */
  number: number | null;
  kind: InvoiceKind;
  status: InvoiceStatus;
  subtotal: number;
  tax: number;
  total: number;
  created_at: string;
  paid_at: string | null;
  due_at: string | null;
  /** A monthly usage statement's month («آبان ۱۴۰۵»), else null. */
  period: string | null;
}

export interface ListMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface InvoiceItemView {
  id: number;
  description: string;
  quantity: number;
  unit_price: number;
  amount: number;
  reference: string | null;
}

export interface InvoicePaymentView {
  uuid: string;
  status: PaymentStatus;
  amount: number;
  gateway_label: string;
  ref_id: string | null;
  card_pan: string | null;
  created_at: string;
  paid_at: string | null;
}

/** An invoice with its money as the detail pages show it. */
export interface InvoiceDetail extends InvoiceRow {
  tax_rate: number;
  bill_to: BillTo | null;
  /** Given back so far (to the wallet or the card), Rial. */
  refunded: number;
}

/** `panel.invoices.list` «صورت‌حساب‌ها». */
export interface PanelInvoicesListProps {
  items: { data: InvoiceRow[]; meta: ListMeta };
  filters: { kind: string; status: string };
  kinds: Option[];
  statuses: Option[];
}

/** `panel.invoices.make` «درخواست صورت‌حساب»: a pro-forma top-up; the amount is typed in Toman. */
export interface PanelInvoicesMakeProps {
  /** The bill-to of the customer's last official invoice, else their name. */
  bill_to: BillToValues;
  min: number;
  max: number;
  vat_rate: number;
  tax_inclusive: boolean;
  /** What may still be topped up without approved identity (null: no cap). */
  kyc_room: number | null;
}

/** `panel.invoices.edit` «جزئیات صورت‌حساب». */
export interface PanelInvoicesEditProps {
  invoice: InvoiceDetail;
  items: InvoiceItemView[];
  payments: InvoicePaymentView[];
  /** The bill-to form, filled from the invoice. */
  bill_to: BillToValues;
  /** The same template as the PDF, for the printable view. */
  document: InvoiceDocument;
  balance: number;
  can: { update: boolean; cancel: boolean; pay_wallet: boolean; pay_gateway: boolean };
}

export interface AdminInvoiceRow extends InvoiceRow {
  id: number;
  user: { id: number; name: string };
}

/** `admin.invoices.list` «صورت‌حساب‌ها»: filters in the URL, the filter's totals. */
export interface AdminInvoicesListProps {
  items: { data: AdminInvoiceRow[]; meta: ListMeta };
  /** `from`/`to` are ISO days, whole days in Tehran, on the issue date. */
  filters: { q: string; kind: string; status: string; from: string; to: string };
  totals: { count: number; total: number; paid: number; pending: number };
  kinds: Option[];
  statuses: Option[];
}

export interface AdminInvoiceUser {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  balance: number;
}

/** `admin.invoices.make` «صدور صورت‌حساب». */
export interface AdminInvoicesMakeProps {
  /** `?user=`: the customer the invoice is for, when given. */
  user: AdminInvoiceUser | null;
  /** The configured VAT rate, the form's starting tax rate. */
  vat_rate: number;
  kinds: Option[];
}

export interface AdminInvoicePaymentView extends InvoicePaymentView {
  id: number;
  gateway: string;
  authority: string | null;
  gateway_detail: string | null;
  checks: number;
  expires_at: string;
}

export interface InvoiceRefundView {
  at: string;
  amount: number;
  to: 'wallet' | 'card';
  reason: string;
  by: string | null;
}

/** `admin.invoices.edit` «ویرایش صورت‌حساب». */
export interface AdminInvoicesEditProps {
  invoice: AdminInvoiceRow & {
    tax_rate: number;
    bill_to: BillTo | null;
    refunded: number;
    /** What may still be refunded: paid minus already refunded. */
    refundable: number;
    /** The due date as an ISO day (Tehran), or ''. */
    due_date: string;
  };
  user: AdminInvoiceUser;
  items: InvoiceItemView[];
  payments: AdminInvoicePaymentView[];
  refunds: InvoiceRefundView[];
  /** A payment recorded by hand (a bank transfer): its reference and day. */
  offline: { reference: string; paid_at: string; by: string | null } | null;
  document: InvoiceDocument;
  kinds: Option[];
  can: {
    edit_items: boolean;
    edit_tax: boolean;
    issue: boolean;
    pay: boolean;
    cancel: boolean;
    refund: boolean;
  };
}

declare module '../../../http/page-contracts' {
  interface PageContracts {
    'Panel/Invoices/List': PanelInvoicesListProps;
    'Panel/Invoices/Make': PanelInvoicesMakeProps;
    'Panel/Invoices/Edit': PanelInvoicesEditProps;
    'Admin/Invoices/List': AdminInvoicesListProps;
    'Admin/Invoices/Make': AdminInvoicesMakeProps;
    'Admin/Invoices/Edit': AdminInvoicesEditProps;
  }
}
