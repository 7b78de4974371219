import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from '../../db/sql-list';
import { hardwares, images, locations, ports, resources } from '../catalog/tables';
import { ownerColumn } from '../users/tables';

/** The life of a machine (docs/domain.md, Instances): where it is between order and deletion. */
export const INSTANCE_STATUSES = [
  'pending',
  'provisioning',
  'provision_failed',
  'ready',
  'suspended',
  'deleting',
  'deletion_failed',
  'deleted',
] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

/** The power axis, meaningful only while the machine is `ready`. */
export const INSTANCE_POWER_STATES = ['stopped', 'starting', 'running', 'stopping'] as const;
export type InstancePower = (typeof INSTANCE_POWER_STATES)[number];

/** A rented machine. Panel URLs bind `{instance}` to `uuid`; care and admin use `id`. */
export const instances = pgTable(
  'instances',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    userId: ownerColumn(),
    hardwareId: integer('hardware_id')
      .notNull()
      .references(() => hardwares.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id),
    resourceId: integer('resource_id').references(() => resources.id),
    portId: integer('port_id').references(() => ports.id),
    name: text('name').notNull(),
    status: text('status').$type<InstanceStatus>().notNull().default('pending'),
    power: text('power').$type<InstancePower>().notNull().default('stopped'),
    // Frozen at order time so a later price change never rewrites what a running machine costs.
    pricePerHour: bigint('price_per_hour', { mode: 'number' }).notNull(),
    username: text('username').notNull().default('render'),
    // Encrypted with APP_KEY; shown to the owner once, never sent to care or logs.
    passwordEncrypted: text('password_encrypted'),
    // The driver's own name for the machine (a Proxmox vmid, a simulated id).
    driverRef: text('driver_ref'),
    /** Why the last step failed, in Persian words for the customer. */
    failureReason: text('failure_reason'),
    /** The same failure as the driver reported it, for staff (never sent to the customer). */
    failureDetail: text('failure_detail'),
    idleStopMinutes: integer('idle_stop_minutes'),
    stopBelowBalance: bigint('stop_below_balance', { mode: 'number' }),
    runningSince: timestamp('running_since', { withTimezone: true }),
    powerChangedAt: timestamp('power_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('instances_status_check', sql`${t.status} in (${sqlList(INSTANCE_STATUSES)})`),
    check('instances_power_check', sql`${t.power} in (${sqlList(INSTANCE_POWER_STATES)})`),
    check('instances_price_check', sql`${t.pricePerHour} >= 0`),
    index('instances_user_idx').on(t.userId, t.id),
    index('instances_resource_idx').on(t.resourceId),
  ],
);

export type Instance = typeof instances.$inferSelect;
export type NewInstance = typeof instances.$inferInsert;
