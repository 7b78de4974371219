import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerColumn, users } from '../users/tables';

export const SMS_CODE_PURPOSES = ['signin', 'signup', 'confirm', 'mobile_change'] as const;
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];

/**
 * The live SMS code of one (mobile, purpose): a resend replaces it. Only an HMAC of the code is
 * kept, so a copy of the database does not reveal codes that are still valid.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').$type<SmsCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ipAddress: text('ip_address'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sms_codes_mobile_purpose_idx').on(t.mobile, t.purpose),
    check('sms_codes_purpose_check', sql`${t.purpose} in ('signin', 'signup', 'confirm', 'mobile_change')`),
  ],
);

/** One outstanding password-reset token per user, stored as a SHA-256 hash, single use. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * "Remember me" tokens, one per signed-in browser: the cookie carries `<id>|<secret>` (signed), the
 * row only a SHA-256 of the secret. Each use rotates the secret; the previous hash stays valid for
 * a few seconds (`rotated_at`) so two requests sent at once with the old cookie both get in.
 */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ownerColumn({ cascade: true }),
    tokenHash: text('token_hash').notNull().unique(),
    previousHash: text('previous_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('remember_tokens_user_idx').on(t.userId)],
);
