import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable job queue (docs/development.md, jobs): workers claim rows with `FOR UPDATE SKIP LOCKED`,
 * so provisioning, power actions and mail survive a restart and never run twice at once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<JobState>().notNull().default('queued'),
    // A job with a key is queued at most once while it is queued or running (e.g. one power job per machine).
    singletonKey: text('singleton_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'completed', 'failed')`),
    index('jobs_due_idx').on(t.state, t.runAt),
    uniqueIndex('jobs_singleton_idx')
      .on(t.singletonKey)
      .where(sql`${t.singletonKey} is not null and ${t.state} in ('queued', 'running')`),
  ],
);

export type Job = typeof jobs.$inferSelect;
