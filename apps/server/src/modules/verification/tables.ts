import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerColumn, users } from '../users/tables';

export const VERIFICATION_STATUSES = [
  'draft',
  'submitted',
  'under_review',
  'approved',
  'rejected',
  'revoked',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_TYPES = ['individual', 'legal'] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/** The papers a request carries: both sides of the national card, the selfie, and a company's papers. */
export const DOCUMENT_KINDS = ['id_front', 'id_back', 'selfie', 'company_paper'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * An identity check (KYC). Making machines and large top-ups need one `approved`
 * (docs/domain.md, Verification). A draft may be incomplete; submitting needs every field, a
 * mobile proven by SMS code and the documents. An account has at most one request in progress
 * (draft, submitted or under review): the earlier ones stay as its attempts.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: ownerColumn(),
    type: text('type').$type<VerificationType>().notNull().default('individual'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    nationalCode: text('national_code'),
    birthDate: date('birth_date'),
    mobile: text('mobile'),
    /** When the mobile above answered an SMS code (panel.account.mobile.update). */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    companyName: text('company_name'),
    /** شناسهٔ ملی شرکت (11 digits). */
    companyNationalId: text('company_national_id'),
    /** شمارهٔ ثبت شرکت. */
    companyRegistrationNo: text('company_registration_no'),
    /** The words the selfie's written note must carry (so an old photo cannot be reused). */
    selfieText: text('selfie_text').notNull().default(''),
    status: text('status').$type<VerificationStatus>().notNull().default('draft'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'verification_requests_status_check',
      sql`${t.status} in ('draft', 'submitted', 'under_review', 'approved', 'rejected', 'revoked')`,
    ),
    check('verification_requests_type_check', sql`${t.type} in ('individual', 'legal')`),
    index('verification_requests_user_idx').on(t.userId),
    index('verification_requests_status_idx').on(t.status, t.submittedAt),
    index('verification_requests_national_code_idx').on(t.nationalCode),
    // One request in progress per account, even when two tabs save at once.
    uniqueIndex('verification_requests_open_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('draft', 'submitted', 'under_review')`),
  ],
);

/**
 * A document of a request, stored under a random key (lib/storage); the person's file name is
 * kept only to name the download. The type is what the bytes proved, never what was declared.
 */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    requestId: integer('request_id')
      .notNull()
      .references(() => verificationRequests.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DocumentKind>().notNull(),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'verification_documents_kind_check',
      sql`${t.kind} in ('id_front', 'id_back', 'selfie', 'company_paper')`,
    ),
    uniqueIndex('verification_documents_request_kind_idx').on(t.requestId, t.kind),
  ],
);

/**
 * What Panel/Account/Edit keeps for the account: the bill-to profile new invoices start from,
 * and whether the customer wants news and offers.
 */
export const accountProfiles = pgTable('account_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  billTo: jsonb('bill_to').$type<Record<string, string>>(),
  marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type VerificationRequest = typeof verificationRequests.$inferSelect;
export type VerificationDocument = typeof verificationDocuments.$inferSelect;
export type NewVerificationRequest = typeof verificationRequests.$inferInsert;
