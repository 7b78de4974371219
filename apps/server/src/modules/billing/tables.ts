import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from '../../db/sql-list';
import { instances } from '../instances/tables';
import { ownerColumn } from '../users/tables';

export const WALLET_TRANSACTION_TYPES = [
  'topup',
  'usage',
  'drive',
  'render',
  'refund',
  'adjustment',
  'bonus',
] as const;
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
    check('wallet_transactions_type_check', sql`${t.type} in (${sqlList(WALLET_TRANSACTION_TYPES)})`),
    index('wallet_transactions_user_idx').on(t.userId, t.id),
    // Today's lines for the admin figures (closed days come from ledger_day_totals).
    index('wallet_transactions_created_idx').on(t.createdAt),
  ],
);

/**
 * The Tehran days whose ledger totals are kept in `ledger_day_totals` (billing/ledger-days.ts):
 * filled lazily once a day has ended; a line dated into a kept day after it was filled (the usage
 * tick catching up) removes the day here, through a trigger (migration 0015), and with it its totals.
 */
export const ledgerDays = pgTable('ledger_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  filledAt: timestamp('filled_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One kept Tehran day of the ledger by line type: `reference` '' is every line of the type; a
 * machine's uuid is its `usage` lines alone (the charts' location and plan filters). `amount` is
 * the signed sum, `magnitude` the sum of sizes, `lines` the count.
 */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => ledgerDays.day, { onDelete: 'cascade' }),
    type: text('type').$type<WalletTransactionType>().notNull(),
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    magnitude: bigint('magnitude', { mode: 'number' }).notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reference, t.day, t.type] }),
    index('ledger_day_totals_day_idx').on(t.day),
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

export const PAYMENT_GATEWAYS = ['test', 'zarinpal'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

export const PAYMENT_STATUSES = [
  'created',
  'redirected',
  'verifying',
  'paid',
  'failed',
  'canceled',
  'expired',
  'review',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * One try at paying an invoice through a gateway (docs/domain.md, Payment). `amount` is what was
 * asked of the gateway, in Rial, and the only amount ever sent to verify. `authority` is the
 * gateway's id of the try (unique: a callback finds its payment by it, under a row lock);
 * `ref_id` is the bank's receipt number (unique: one receipt credits once).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: ownerColumn(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    gateway: text('gateway').$type<PaymentGateway>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    authority: text('authority').unique(),
    refId: text('ref_id').unique(),
    cardPan: text('card_pan'),
    /** The gateway's last word, for staff (a code and message; never shown to the customer raw). */
    gatewayDetail: text('gateway_detail'),
    /** Reconciler: how many times the gateway was asked again, and when to ask next. */
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** The gateway refunds an unverified payment after this; the reconciler must be done by then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_gateway_check', sql`${t.gateway} in (${sqlList(PAYMENT_GATEWAYS)})`),
    check('payments_status_check', sql`${t.status} in (${sqlList(PAYMENT_STATUSES)})`),
    check('payments_amount_check', sql`${t.amount} > 0`),
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_check_idx').on(t.nextCheckAt).where(sql`${t.status} = 'verifying'`),
  ],
);

/**
 * One stretch of a machine's running (docs/domain.md, Usage), billed minute by minute. Rows are
 * opened and closed by a trigger on `instances.power` (migration 0008), so no code path that
 * starts or stops a machine can forget billing; the usage tick charges the minutes (`billed_minutes`
 * so far) and sets `settled_at` once a closed session is fully charged.
 */
export const usageSessions = pgTable(
  'usage_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id),
    userId: ownerColumn(),
    /** The machine's frozen hourly price when the session began, in Rial. */
    pricePerHour: bigint('price_per_hour', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    billedMinutes: integer('billed_minutes').notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('usage_sessions_open_idx').on(t.userId).where(sql`${t.settledAt} is null`),
    index('usage_sessions_instance_idx').on(t.instanceId, t.startedAt),
  ],
);

/**
 * Where a wallet stands between ticks: a low-balance episode (one notice until the balance is
 * back above the warning level) and a depleted one (machines asked to stop at zero, forced after
 * a grace period).
 */
export const walletAlerts = pgTable('wallet_alerts', {
  userId: ownerColumn({ cascade: true }).primaryKey(),
  lowBalanceAt: timestamp('low_balance_at', { withTimezone: true }),
  depletedAt: timestamp('depleted_at', { withTimezone: true }),
  forcedAt: timestamp('forced_at', { withTimezone: true }),
});

/**
 * Gapless counters (the invoice number): taken with `UPDATE … RETURNING` in the transaction that
 * pays the invoice, so the row lock queues concurrent payers and a rollback gives the number back.
 */
export const billingCounters = pgTable('billing_counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

export type Payment = typeof payments.$inferSelect;
export type UsageSession = typeof usageSessions.$inferSelect;

export const TEST_GATEWAY_OUTCOMES = ['open', 'paid', 'canceled', 'failed'] as const;
export type TestGatewayOutcome = (typeof TEST_GATEWAY_OUTCOMES)[number];

/**
 * The built-in test gateway's own book (payments.test-gateway): what was asked, what the tester
 * chose on its page, and whether it was verified. It answers verify as Zarinpal would (100, then
 * 101; -50 for another amount; -51 unless paid), so the whole flow runs without a bank.
 */
export const testGatewaySessions = pgTable(
  'test_gateway_sessions',
  {
    authority: text('authority').primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    callbackUrl: text('callback_url').notNull(),
    outcome: text('outcome').$type<TestGatewayOutcome>().notNull().default('open'),
    refId: text('ref_id'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('test_gateway_sessions_outcome_check', sql`${t.outcome} in (${sqlList(TEST_GATEWAY_OUTCOMES)})`),
  ],
);
