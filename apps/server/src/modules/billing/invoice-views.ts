import { and, asc, eq, inArray, isNotNull, like, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jalaliMonthOf } from '../../lib/jalali-month';
import { findActivityForSubject } from '../activity';
import { userNames } from '../users';
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  type InvoiceDocument,
  invoiceDocument,
} from './invoice-document';
import type {
  AdminInvoicePaymentView,
  InvoiceItemView,
  InvoicePaymentView,
  InvoiceRefundView,
  InvoiceRow,
  Option,
} from './invoices/contracts';
import { readSellerProfile } from './seller';
import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceItem,
  invoiceItems,
  type Payment,
  payments,
  walletTransactions,
} from './tables';

/**
 * Invoices as the pages show them: rows, lines, payments, refunds and the printable document.
 * Reads only; every change goes through invoice-service.ts.
 */

export const KIND_OPTIONS: Option[] = INVOICE_KINDS.map((kind) => ({
  value: kind,
  label: INVOICE_KIND_LABELS[kind],
}));

/** Drafts are staff-only: customers never see them. */
export const STATUS_OPTIONS = (staff: boolean): Option[] =>
  INVOICE_STATUSES.filter((status) => staff || status !== 'draft').map((status) => ({
    value: status,
    label: INVOICE_STATUS_LABELS[status],
  }));

const GATEWAY_LABELS: Record<string, string> = { test: 'درگاه آزمایشی', zarinpal: 'زرین‌پال' };

export const REFUNDED_EVENT = 'billing:invoice.refunded';
export const PAID_OFFLINE_EVENT = 'billing:invoice.paid_offline';

export function invoiceRow(invoice: Invoice, period: string | null = null): InvoiceRow {
  return {
    uuid: invoice.uuid,
    number: invoice.number,
    kind: invoice.kind,
    status: invoice.status,
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    total: invoice.total,
    created_at: invoice.createdAt.toISOString(),
    paid_at: invoice.paidAt?.toISOString() ?? null,
    due_at: invoice.dueAt?.toISOString() ?? null,
    period,
  };
}

/** The month each usage statement covers («آبان ۱۴۰۵»), by invoice id. */
export async function statementPeriods(db: Database, rows: Invoice[]): Promise<Map<number, string>> {
  const ids = rows.filter((row) => row.kind === 'usage').map((row) => row.id);
  if (ids.length === 0) return new Map();
  const periods = await db
    .select({ id: invoiceItems.invoiceId, start: min(invoiceItems.periodStart) })
    .from(invoiceItems)
    .where(and(inArray(invoiceItems.invoiceId, ids), isNotNull(invoiceItems.periodStart)))
    .groupBy(invoiceItems.invoiceId);
  return new Map(
    periods.flatMap((p) => (p.start ? [[p.id, jalaliMonthOf(new Date(p.start)).label] as const] : [])),
  );
}

export async function itemsOf(db: Database, invoiceId: number): Promise<InvoiceItem[]> {
  return db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.id));
}

export const itemView = (item: InvoiceItem): InvoiceItemView => ({
  id: item.id,
  description: item.description,
  quantity: item.quantity,
  unit_price: item.unitPrice,
  amount: item.amount,
  reference: item.reference,
});

export async function paymentsOf(db: Database, invoiceId: number): Promise<Payment[]> {
  return db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id));
}

export const paymentView = (payment: Payment): InvoicePaymentView => ({
  uuid: payment.uuid,
  status: payment.status,
  amount: payment.amount,
  gateway_label: GATEWAY_LABELS[payment.gateway] ?? payment.gateway,
  ref_id: payment.refId,
  card_pan: payment.cardPan,
  created_at: payment.createdAt.toISOString(),
  paid_at: payment.paidAt?.toISOString() ?? null,
});

export const adminPaymentView = (payment: Payment): AdminInvoicePaymentView => ({
  ...paymentView(payment),
  id: payment.id,
  gateway: payment.gateway,
  authority: payment.authority,
  gateway_detail: payment.gatewayDetail,
  checks: payment.checks,
  expires_at: payment.expiresAt.toISOString(),
});

/**
 * What was given back of an invoice so far. Refunds have no table of their own: one ledger line
 * `refund:{invoice}:{n}` per refund to the wallet (positive) and per credit taken back after a
 * refund to the card (negative), and an activity entry for every refund (the only record of one
 * to the card).
 */
export interface RefundState {
  toWallet: number;
  toCard: number;
  /** Top-up credit taken back from the wallet after refunds to the card. */
  takenBack: number;
  /** Refunds made so far (the next one is number `count + 1`). */
  count: number;
  refunded: number;
  entries: { at: Date; actorId: number | null; properties: Record<string, unknown> }[];
}

export async function refundState(db: Database, invoice: Invoice): Promise<RefundState> {
  // One after another: a refund reads this inside its transaction (one connection, one query at a time).
  const lines = await db
    .select({ amount: walletTransactions.amount })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.userId, invoice.userId),
        like(walletTransactions.idempotencyKey, `refund:${invoice.uuid}:%`),
      ),
    );
  const activity = await findActivityForSubject(db, { type: 'invoice', id: invoice.id }, 500);
  const entries = activity.filter((entry) => entry.event === REFUNDED_EVENT).reverse();
  const toWallet = lines.filter((l) => l.amount > 0).reduce((total, l) => total + l.amount, 0);
  const takenBack = -lines.filter((l) => l.amount < 0).reduce((total, l) => total + l.amount, 0);
  const cards = entries.filter((entry) => entry.properties.to === 'card');
  const toCard = cards.reduce((total, entry) => total + Number(entry.properties.amount ?? 0), 0);
  return {
    toWallet,
    toCard,
    takenBack,
    count: lines.filter((l) => l.amount > 0).length + cards.length,
    refunded: toWallet + toCard,
    entries,
  };
}

export async function refundViews(db: Database, state: RefundState): Promise<InvoiceRefundView[]> {
  const names = await userNames(
    db,
    state.entries.flatMap((e) => (e.actorId ? [e.actorId] : [])),
  );
  return state.entries.map((entry) => ({
    at: entry.at.toISOString(),
    amount: Number(entry.properties.amount ?? 0),
    to: entry.properties.to === 'card' ? 'card' : 'wallet',
    reason: String(entry.properties.reason ?? ''),
    by: entry.actorId ? (names.get(entry.actorId)?.name ?? null) : null,
  }));
}

/** The bank transfer an admin recorded for the invoice, if it was paid that way. */
export async function offlinePayment(db: Database, invoice: Invoice) {
  const [entry] = (await findActivityForSubject(db, { type: 'invoice', id: invoice.id }, 500)).filter(
    (e) => e.event === PAID_OFFLINE_EVENT,
  );
  if (!entry) return null;
  const names = await userNames(db, entry.actorId ? [entry.actorId] : []);
  return {
    reference: String(entry.properties.reference ?? ''),
    paid_at: String(entry.properties.paid_at ?? ''),
    by: entry.actorId ? (names.get(entry.actorId)?.name ?? null) : null,
  };
}

/**
 * What a line is counted in on the official form: everything sold here is a service (machine time,
 * storage, credit), so one «خدمت» however many of it.
 */
export const INVOICE_UNIT = 'خدمت';

/** The one template (invoice-document.ts) filled from an invoice: the printable page and the PDF. */
export async function documentOf(
  db: Database,
  invoice: Invoice,
  items: InvoiceItem[],
): Promise<InvoiceDocument> {
  return invoiceDocument({
    seller: await readSellerProfile(db),
    number: invoice.number,
    status: invoice.status,
    kind: invoice.kind,
    issuedAt: invoice.createdAt,
    paidAt: invoice.paidAt,
    billTo: invoice.billTo,
    items: items.map((item) => ({
      // The line's id in our records: support finds the line by it.
      code: String(item.id),
      description: item.description,
      quantity: item.quantity,
      unit: INVOICE_UNIT,
      unitPrice: item.unitPrice,
      amount: item.amount,
    })),
    subtotal: invoice.subtotal,
    taxRate: invoice.taxRate,
    tax: invoice.tax,
    total: invoice.total,
  });
}

const PERSIAN_ZERO = 0x06f0;

/**
 * The PDF's file name: «صورتحساب-۱۲.pdf» once numbered, «پیش فاکتور-…» before, with an ASCII
 * fallback for clients that ignore `filename*`. No zero-width non-joiner: browsers replace it in
 * file names (Chromium writes «صورت_حساب»).
 */
export function invoiceFileName(invoice: Invoice): { ascii: string; persian: string } {
  const id = invoice.number === null ? invoice.uuid.slice(0, 8) : String(invoice.number);
  const title = invoice.number === null ? 'پیش فاکتور' : 'صورتحساب';
  const digits = id.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
  return { ascii: `invoice-${id}.pdf`, persian: `${title}-${digits}.pdf` };
}

/** `Content-Disposition` for a download with a Persian name (RFC 6266 / 5987). */
export function attachmentHeader(name: { ascii: string; persian: string }): string {
  return `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.persian)}`;
}
