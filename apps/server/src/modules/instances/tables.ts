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
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from '../../db/sql-list';
import { hardwares, images, locations, ports, resources } from '../catalog/tables';
import { ownerColumn } from '../users/tables';
import type { DriverFailureCode } from './failure-codes';

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
    /** The cause as a code (failure-codes.ts): what staff read, in Persian, as the reason. */
    failureCode: text('failure_code').$type<DriverFailureCode>(),
    idleStopMinutes: integer('idle_stop_minutes'),
    /** The last time the driver reported load above the idle threshold (idle auto-stop counts from here). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** The Make form's idempotency key: a double submit finds the machine the first one made. */
    idempotencyKey: text('idempotency_key'),
    /** Why staff suspended the machine (shown to its owner while suspended). */
    suspendReason: text('suspend_reason'),
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
    uniqueIndex('instances_idempotency_unique').on(t.userId, t.idempotencyKey),
    // A port serves one live machine; a deleted machine keeps its port id as history.
    uniqueIndex('instances_port_unique').on(t.portId).where(sql`${t.status} <> 'deleted'`),
  ],
);

/**
 * The weekly schedule of a machine (docs/domain.md): on each Persian weekday (0 = شنبه … 6 = جمعه)
 * it is started at `start_time` and stopped at `stop_time`, Tehran time, by the job worker.
 */
export const instanceSchedules = pgTable(
  'instance_schedules',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    /** `HH:MM`, 24-hour, Asia/Tehran. */
    startTime: text('start_time').notNull(),
    stopTime: text('stop_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('instance_schedules_day_unique').on(t.instanceId, t.weekday),
    check('instance_schedules_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('instance_schedules_times_check', sql`${t.startTime} <> ${t.stopTime}`),
  ],
);

/**
 * The simulated driver's machines (docs/domain.md: it forgets nothing on restart). Keyed by the
 * driver's ref; one machine per instance uuid, so a resumed provisioning job finds the machine
 * it made instead of making another.
 */
export const simulatedMachines = pgTable('simulated_machines', {
  ref: text('ref').primaryKey(),
  hostId: integer('host_id').notNull(),
  instanceUuid: uuid('instance_uuid').notNull().unique(),
  power: text('power').notNull(),
  settlesAt: timestamp('settles_at', { withTimezone: true }),
  settlesTo: text('settles_to'),
  address: text('address').notNull(),
  /** CPU/GPU load in percent the driver reports (idle auto-stop reads it). */
  loadPercent: integer('load_percent').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Instance = typeof instances.$inferSelect;
export type NewInstance = typeof instances.$inferInsert;
