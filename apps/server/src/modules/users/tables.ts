import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { UserRole } from '../../http/route-access';

export { USER_ROLES, type UserRole } from '../../http/route-access';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').unique(),
    mobile: text('mobile').unique(),
    passwordHash: text('password_hash'),
    role: text('role').$type<UserRole>().notNull().default('customer'),
    status: text('status').$type<'active' | 'suspended'>().notNull().default('active'),
    // Why an admin suspended the account (shown to its owner at sign-in) and when; null when active.
    suspendedReason: text('suspended_reason'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorRecoveryCodes: text('two_factor_recovery_codes'),
    twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    // A cache of the last ledger line's balance_after, written in the same transaction (docs/domain.md).
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    kycStatus: text('kyc_status').notNull().default('none'),
    photoPath: text('photo_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('customer', 'care', 'admin')`),
    check('users_contact_check', sql`${t.email} is not null or ${t.mobile} is not null`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * The `user_id` column of a row that belongs to one account. `cascade`: the row goes with the
 * account (tokens, sessions); without it the account cannot be removed while rows point at it
 * (ledger, invoices, machines: money and history stay).
 */
export function ownerColumn(options: { cascade?: boolean } = {}) {
  return integer('user_id')
    .notNull()
    .references(() => users.id, options.cascade ? { onDelete: 'cascade' } : {});
}
