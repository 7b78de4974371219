import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const locations = pgTable('locations', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull().default('ایران'),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const HARDWARE_STATUSES = ['draft', 'active', 'hidden', 'archived'] as const;

/** A machine plan. Never hard-deleted while referenced: archived plans stay on old invoices. */
export const hardwares = pgTable(
  'hardwares',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    gpuModel: text('gpu_model').notNull(),
    gpuCount: integer('gpu_count').notNull(),
    vramGb: integer('vram_gb').notNull(),
    cpuModel: text('cpu_model').notNull(),
    cpuCores: integer('cpu_cores').notNull(),
    ramGb: integer('ram_gb').notNull(),
    diskGb: integer('disk_gb').notNull(),
    pricePerHour: bigint('price_per_hour', { mode: 'number' }).notNull(),
    setupFee: bigint('setup_fee', { mode: 'number' }).notNull().default(0),
    stock: integer('stock'),
    perUserLimit: integer('per_user_limit'),
    status: text('status').$type<(typeof HARDWARE_STATUSES)[number]>().notNull().default('draft'),
    /** Public description (Plans page), plain text with paragraphs. */
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('hardwares_status_check', sql`${t.status} in ('draft', 'active', 'hidden', 'archived')`),
    check('hardwares_price_check', sql`${t.pricePerHour} >= 0 and ${t.setupFee} >= 0`),
  ],
);

/** A software image a machine is provisioned from. */
export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  os: text('os').notNull(),
  software: jsonb('software').$type<string[]>().notNull().default([]),
  driverRef: text('driver_ref').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** Which software images a plan offers (none listed: every active image). */
export const hardwareImages = pgTable(
  'hardware_images',
  {
    hardwareId: integer('hardware_id')
      .notNull()
      .references(() => hardwares.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.hardwareId, t.imageId] })],
);

/** A physical host in a location. */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    hardwareId: integer('hardware_id')
      .notNull()
      .references(() => hardwares.id),
    name: text('name').notNull().unique(),
    address: text('address').notNull(),
    driver: text('driver').$type<'simulated' | 'proxmox'>().notNull().default('simulated'),
    // Encrypted with APP_KEY before it is written; never sent to a page.
    driverConfig: text('driver_config'),
    capacity: integer('capacity').notNull().default(1),
    notes: text('notes').notNull().default(''),
    status: text('status')
      .$type<'available' | 'allocated' | 'maintenance' | 'offline'>()
      .notNull()
      .default('available'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('resources_capacity_check', sql`${t.capacity} >= 0`)],
);

export const ports = pgTable(
  'ports',
  {
    id: serial('id').primaryKey(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id),
    publicIp: text('public_ip').notNull(),
    publicPort: integer('public_port').notNull(),
    protocol: text('protocol').$type<'tcp' | 'udp'>().notNull().default('tcp'),
    targetPort: integer('target_port').notNull().default(3389),
    instanceId: integer('instance_id'),
    status: text('status').$type<PortStatus>().notNull().default('free'),
    notes: text('notes').notNull().default(''),
  },
  (t) => [
    unique('ports_public_unique').on(t.publicIp, t.publicPort),
    // One machine per port: a port held by a machine is held by that one alone.
    uniqueIndex('ports_instance_unique').on(t.instanceId).where(sql`${t.instanceId} is not null`),
    check('ports_status_check', sql`${t.status} in ('free', 'reserved', 'bound', 'disabled')`),
    check(
      'ports_range_check',
      sql`${t.publicPort} between 1 and 65535 and ${t.targetPort} between 1 and 65535`,
    ),
    index('ports_resource_idx').on(t.resourceId, t.status, t.publicPort),
  ],
);

export const PORT_STATUSES = ['free', 'reserved', 'bound', 'disabled'] as const;
export type PortStatus = (typeof PORT_STATUSES)[number];

export const CONFIG_TYPES = ['string', 'number', 'boolean', 'json', 'secret', 'rial', 'percent'] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

/**
 * Site settings. `is_public` ones are shared with every page as `settings`. A `secret` value is
 * stored encrypted with APP_KEY (a JSON string of the ciphertext) and never sent to a page.
 */
export const configs = pgTable('configs', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  type: text('type').$type<ConfigType>().notNull(),
  group: text('group').notNull().default('general'),
  description: text('description').notNull().default(''),
  isPublic: boolean('is_public').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a setting, old → new (secrets as a mask), for Admin/Configs/Edit's history. */
export const configChanges = pgTable(
  'config_changes',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    actorId: integer('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('config_changes_key_idx').on(t.key, t.id)],
);

export const LIMITATION_SCOPES = ['global', 'role', 'hardware', 'user'] as const;
export type LimitationScope = (typeof LIMITATION_SCOPES)[number];

export const LIMITATION_KEYS = [
  'max_instances',
  'max_running',
  'max_hours_per_day',
  'max_drive_gb',
  'max_open_tickets',
  'max_topup_unverified',
] as const;
export type LimitationKey = (typeof LIMITATION_KEYS)[number];

/**
 * A limit on what users may hold or do (docs/domain.md). `subject` is the role name, hardware id or user
 * id for those scopes and null for `global`; the most specific active row wins (see limitations.ts).
 */
export const limitations = pgTable(
  'limitations',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').$type<LimitationScope>().notNull(),
    subject: text('subject'),
    key: text('key').$type<LimitationKey>().notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('limitations_scope_check', sql`${t.scope} in ('global', 'role', 'hardware', 'user')`),
    check('limitations_subject_check', sql`(${t.scope} = 'global') = (${t.subject} is null)`),
    check('limitations_value_check', sql`${t.value} >= 0`),
    unique('limitations_rule_unique').on(t.scope, t.subject, t.key).nullsNotDistinct(),
  ],
);

export type Limitation = typeof limitations.$inferSelect;
