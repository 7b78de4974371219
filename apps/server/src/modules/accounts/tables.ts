import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { TokenAbility } from '../../http/token-abilities';
import { ownerColumn, users } from '../users/tables';

export { TOKEN_ABILITIES, type TokenAbility } from '../../http/token-abilities';

/** API tokens for `Authorization: Bearer <id>|<secret>`; only a SHA-256 of the secret is kept. */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: ownerColumn({ cascade: true }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    abilities: jsonb('abilities').$type<TokenAbility[]>().notNull().default(['read']),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('personal_access_tokens_user_idx').on(t.userId)],
);

/**
 * The last TOTP time step each user signed in with. A code is accepted only for a later step, so a
 * code seen over someone's shoulder cannot be used a second time (RFC 6238 §5.2).
 */
export const twoFactorUsedSteps = pgTable('two_factor_used_steps', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  step: bigint('step', { mode: 'number' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
});
