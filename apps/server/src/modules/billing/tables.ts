import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

export const WALLET_TRANSACTION_TYPES = ['topup', 'usage', 'drive', 'refund', 'adjustment', 'bonus'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];

/** The wallet ledger: append-only; the balance is the last `balance_after` (DOMAIN.md). */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
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
