import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn, users } from '../users/tables';

export const VERIFICATION_STATUSES = [
  'draft',
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'revoked',
] as const;

/** An identity check (KYC). Making machines and large top-ups need one `approved`. */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: ownerColumn(),
    type: text('type').$type<'individual' | 'legal'>().notNull().default('individual'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    nationalCode: text('national_code').notNull(),
    birthDate: date('birth_date').notNull(),
    mobile: text('mobile').notNull(),
    status: text('status').$type<(typeof VERIFICATION_STATUSES)[number]>().notNull().default('draft'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'verification_requests_status_check',
      sql`${t.status} in ('draft', 'submitted', 'under_review', 'approved', 'rejected', 'revoked')`,
    ),
    index('verification_requests_user_idx').on(t.userId),
  ],
);
