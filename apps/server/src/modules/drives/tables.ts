import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from '../../db/sql-list';
import { locations } from '../catalog/tables';
import { instances } from '../instances/tables';
import { ownerColumn } from '../users/tables';

/**
 * The life of a drive (docs/domain.md, Drives): `active` (attached or not: `instance_id` says),
 * `suspended` when a renewal found no balance (download only), `scheduled_deletion` after
 * `drive_grace_days`, `deleted` after `drive_retention_days` (objects removed) or by its owner.
 */
export const DRIVE_STATUSES = ['active', 'suspended', 'scheduled_deletion', 'deleted'] as const;
export type DriveStatus = (typeof DRIVE_STATUSES)[number];

/** A customer's storage for scene files and frames, billed per GB and month from the wallet. */
export const drives = pgTable(
  'drives',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: ownerColumn(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The machine it is attached to (same location); null when detached. */
    instanceId: integer('instance_id').references(() => instances.id),
    name: text('name').notNull(),
    sizeGb: integer('size_gb').notNull(),
    /** Bytes of finished files; uploads in flight are reserved in drive_uploads. */
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<DriveStatus>().notNull().default('active'),
    /** The billing period paid: its number (1 at creation) is in the ledger key `drive:{drive}:{period}`. */
    period: integer('period').notNull().default(1),
    periodStartedAt: timestamp('period_started_at', { withTimezone: true }).notNull(),
    paidUntil: timestamp('paid_until', { withTimezone: true }).notNull(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Set on `scheduled_deletion`: when the objects are removed unless the owner pays first. */
    deleteAt: timestamp('delete_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('drives_status_check', sql`${t.status} in (${sqlList(DRIVE_STATUSES)})`),
    check('drives_size_check', sql`${t.sizeGb} > 0`),
    check('drives_used_check', sql`${t.usedBytes} >= 0`),
    index('drives_user_idx').on(t.userId, t.id),
    index('drives_due_idx').on(t.status, t.paidUntil),
    // A machine has one drive attached at a time.
    uniqueIndex('drives_instance_unique').on(t.instanceId).where(sql`${t.instanceId} is not null`),
  ],
);

export const DRIVE_ENTRY_KINDS = ['folder', 'file'] as const;
export type DriveEntryKind = (typeof DRIVE_ENTRY_KINDS)[number];

/**
 * A folder or a file of a drive, by its full path inside the drive (`صحنه‌ها/خانه/scene.max`,
 * segments checked by drive-paths.ts). A file's bytes are the storage object `object_key`
 * (`drives/{drive uuid}/{random}`): the person's names never reach the storage.
 */
export const driveEntries = pgTable(
  'drive_entries',
  {
    id: serial('id').primaryKey(),
    driveId: integer('drive_id')
      .notNull()
      .references(() => drives.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DriveEntryKind>().notNull(),
    /** The folder it sits in ('' for the root). */
    parent: text('parent').notNull(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    objectKey: text('object_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('drive_entries_kind_check', sql`${t.kind} in (${sqlList(DRIVE_ENTRY_KINDS)})`),
    uniqueIndex('drive_entries_path_unique').on(t.driveId, t.path),
    index('drive_entries_parent_idx').on(t.driveId, t.parent),
  ],
);

export const DRIVE_UPLOAD_STATUSES = ['open', 'finished', 'expired', 'cancelled'] as const;
export type DriveUploadStatus = (typeof DRIVE_UPLOAD_STATUSES)[number];

/**
 * A tus upload in flight: its id is the tus id, its `length` is reserved on the drive's quota from
 * creation until it finishes, is cancelled or expires (24 h after its last byte).
 */
export const driveUploads = pgTable(
  'drive_uploads',
  {
    id: text('id').primaryKey(),
    driveId: integer('drive_id')
      .notNull()
      .references(() => drives.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    parent: text('parent').notNull(),
    name: text('name').notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    status: text('status').$type<DriveUploadStatus>().notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('drive_uploads_status_check', sql`${t.status} in (${sqlList(DRIVE_UPLOAD_STATUSES)})`),
    check('drive_uploads_length_check', sql`${t.length} >= 0`),
    index('drive_uploads_drive_idx').on(t.driveId, t.status),
    index('drive_uploads_expiry_idx').on(t.status, t.expiresAt),
  ],
);
