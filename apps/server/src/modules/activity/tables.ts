import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * The audit trail: one row per thing that happened (`auth:login`, `token:created`…). Append-only:
 * a trigger in the migration refuses UPDATE and DELETE, so not even a bug can rewrite history.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    event: text('event').notNull(),
    // Users are only ever soft-deleted, so the reference always resolves.
    actorId: integer('actor_id').references(() => users.id),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_actor_at_idx').on(t.actorId, t.at),
    index('activity_log_subject_idx').on(t.subjectType, t.subjectId),
    index('activity_log_event_at_idx').on(t.event, t.at),
  ],
);

export type ActivityEntry = typeof activityLog.$inferSelect;
