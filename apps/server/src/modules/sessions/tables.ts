import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/** Server-side sessions: the cookie carries only the signed id. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_activity_idx').on(t.lastActivity)],
);
