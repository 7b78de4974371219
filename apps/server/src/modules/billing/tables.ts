import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from '../../db/sql-list';
import { ownerColumn } from '../users/tables';

export const WALLET_TRANSACTION_TYPES = ['topup', 'usage', 'drive', 'refund', 'adjustment', 'bonus'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/** The wallet ledger: append-only; the balance is the last `balance_after` (docs/domain.md). */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerColumn(),
    type: text('type').$type<WalletTransactionType>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reference: text('reference'),
    description: text('description').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'wallet_transactions_type_check',
      sql`${t.type} in ('topup', 'usage', 'drive', 'refund', 'adjustment', 'bonus')`,
    ),
    index('wallet_transactions_user_idx').on(t.userId, t.id),
  ],
);

export const INVOICE_KINDS = ['topup', 'usage', 'manual'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_STATUSES = ['draft', 'pending', 'paid', 'cancelled', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Who the invoice is made out to, frozen when it is issued (a later profile edit never changes it). */
export interface BillTo {
  kind: 'person' | 'company';
  name: string;
  national_code?: string;
  company_id?: string;
  economic_code?: string;
  address?: string;
  postal_code?: string;
}

/**
 * An invoice (docs/domain.md): the sequential `number` is assigned only when it is paid, so cancelled
 * drafts leave no gaps. Amounts are integer Rial; `tax_rate` is frozen in percent.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    number: integer('number').unique(),
    userId: ownerColumn(),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('pending'),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    taxRate: integer('tax_rate').notNull(),
    tax: bigint('tax', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    billTo: jsonb('bill_to').$type<BillTo>(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_kind_check', sql`${t.kind} in (${sqlList(INVOICE_KINDS)})`),
    check('invoices_status_check', sql`${t.status} in (${sqlList(INVOICE_STATUSES)})`),
    check('invoices_amounts_check', sql`${t.subtotal} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0`),
    index('invoices_user_idx').on(t.userId, t.status),
  ],
);

/** One line of an invoice; `reference` ties usage lines to the ledger (`usage:{instance}:{period}`). */
export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reference: text('reference'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
  },
  (t) => [
    check('invoice_items_quantity_check', sql`${t.quantity} > 0`),
    index('invoice_items_invoice_idx').on(t.invoiceId),
  ],
);

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceItem = typeof invoiceItems.$inferSelect;
