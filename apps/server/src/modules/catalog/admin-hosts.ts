import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { decryptString, encryptString } from '../../lib/encryption';
import { faNumber } from '../../lib/persian';
import { type AuditActor, recordStaffAction } from '../activity';
import type { UsageCounts } from './admin-plans';
import {
  MAX_PORTS_PER_RANGE,
  proxmoxSettings,
  type ResourceInput,
  simulatedSettings,
} from './admin-validators';
import { CatalogError, CatalogNotFoundError } from './errors';
import { hardwares, locations, ports, resources } from './tables';

type Host = typeof resources.$inferSelect;

/** The secret keys of each driver's settings: stored encrypted, never sent to a page. */
const SECRET_KEYS = ['token_secret'];

/** A host's settings for the form: everything but the secrets, which show as «ذخیره شده». */
export function visibleSettings(settings: Record<string, unknown> | null) {
  const visible: Record<string, unknown> = {};
  const stored: string[] = [];
  for (const [key, value] of Object.entries(settings ?? {})) {
    if (SECRET_KEYS.includes(key)) {
      if (value) stored.push(key);
    } else visible[key] = value;
  }
  return { settings: visible, secrets_stored: stored };
}

/**
 * Hosts and their public ports as admins run them (Admin/Resources, Admin/Ports). A host's driver
 * settings are validated per driver and stored encrypted with APP_KEY; a secret left empty on edit
 * keeps the stored one. A host with machines is not deleted; a port is released only when its
 * machine is gone or stuck, and deleted only when free.
 */
export function createHostAdmin(db: Database, appKey: string) {
  function readSettings(host: Pick<Host, 'driverConfig'>): Record<string, unknown> | null {
    if (!host.driverConfig) return null;
    try {
      return JSON.parse(decryptString(appKey, host.driverConfig)) as Record<string, unknown>;
    } catch {
      return null;
    }
  }

  /** A host as the audit keeps it: its settings compared decrypted (a new IV is no change), then masked. */
  const audited = (row: Host) => ({ ...row, driverConfig: readSettings(row) });

  async function host(id: number): Promise<Host> {
    const [row] = await db.select().from(resources).where(eq(resources.id, id));
    if (!row) throw new CatalogNotFoundError();
    return row;
  }

  /** The driver settings to store, checked for the driver; field errors name `settings.<key>`. */
  function settingsFor(input: ResourceInput, previous: Record<string, unknown> | null): string | null {
    const schema = input.driver === 'proxmox' ? proxmoxSettings : simulatedSettings;
    const parsed = schema.safeParse(input.settings);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new CatalogError(
        'RF_CATALOG_SETTINGS_INVALID',
        issue.message,
        `settings.${String(issue.path[0] ?? '')}`,
      );
    }
    const settings: Record<string, unknown> = { ...parsed.data };
    for (const key of SECRET_KEYS) {
      if (key in settings && !settings[key]) {
        if (previous?.[key]) settings[key] = previous[key];
        else if (input.driver === 'proxmox') {
          throw new CatalogError(
            'RF_CATALOG_SETTINGS_INVALID',
            'رمز توکن API را بنویسید.',
            `settings.${key}`,
          );
        }
      }
    }
    for (const [key, value] of Object.entries(settings))
      if (value === null || value === '') delete settings[key];
    return Object.keys(settings).length > 0 ? encryptString(appKey, JSON.stringify(settings)) : null;
  }

  async function checkRefs(input: ResourceInput) {
    const [place] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.id, input.location_id));
    if (!place)
      throw new CatalogError(
        'RF_CATALOG_LOCATION_UNKNOWN',
        'دیتاسنتر را از فهرست انتخاب کنید.',
        'location_id',
      );
    const [plan] = await db
      .select({ id: hardwares.id })
      .from(hardwares)
      .where(eq(hardwares.id, input.hardware_id));
    if (!plan)
      throw new CatalogError('RF_CATALOG_PLAN_UNKNOWN', 'پلن را از فهرست انتخاب کنید.', 'hardware_id');
  }

  async function nameTaken(name: string, except: number | null) {
    const [row] = await db.select({ id: resources.id }).from(resources).where(eq(resources.name, name));
    if (row && row.id !== except) {
      throw new CatalogError('RF_CATALOG_HOST_NAME_TAKEN', 'میزبان دیگری با همین نام هست.', 'name');
    }
  }

  return {
    readSettings,

    async listHosts() {
      const [rows, plans, places, held] = await Promise.all([
        db.select().from(resources).orderBy(asc(resources.locationId), asc(resources.name)),
        db.select({ id: hardwares.id, title: hardwares.title }).from(hardwares),
        db.select({ id: locations.id, name: locations.name }).from(locations),
        db
          .select({ resourceId: ports.resourceId, status: ports.status, n: count() })
          .from(ports)
          .groupBy(ports.resourceId, ports.status),
      ]);
      return rows.map((row) => ({
        host: row,
        plan: plans.find((p) => p.id === row.hardwareId)?.title ?? '',
        location: places.find((l) => l.id === row.locationId)?.name ?? '',
        ports: Object.fromEntries(
          held.filter((h) => h.resourceId === row.id).map((h) => [h.status, h.n]),
        ) as Partial<Record<string, number>>,
      }));
    },

    findHost: host,

    async createHost(input: ResourceInput, actor: AuditActor) {
      await checkRefs(input);
      await nameTaken(input.name, null);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(resources)
          .values({
            locationId: input.location_id,
            hardwareId: input.hardware_id,
            name: input.name,
            address: input.address,
            driver: input.driver,
            driverConfig: settingsFor(input, null),
            capacity: input.capacity,
            notes: input.notes,
            status: 'available',
          })
          .returning();
        await recordStaffAction(tx, {
          event: 'catalog:host.created',
          actor,
          subject: { type: 'resource', id: row!.id },
          summary: `میزبان «${row!.name}» ساخته شد.`,
          before: null,
          after: audited(row!),
        });
        return row!;
      });
    },

    async updateHost(id: number, input: ResourceInput, actor: AuditActor) {
      const previous = await host(id);
      await checkRefs(input);
      await nameTaken(input.name, id);
      const stored = previous.driver === input.driver ? readSettings(previous) : null;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(resources)
          .set({
            locationId: input.location_id,
            hardwareId: input.hardware_id,
            name: input.name,
            address: input.address,
            driver: input.driver,
            driverConfig: settingsFor(input, stored),
            capacity: input.capacity,
            notes: input.notes,
          })
          .where(eq(resources.id, id))
          .returning();
        await recordStaffAction(tx, {
          event: 'catalog:host.updated',
          actor,
          subject: { type: 'resource', id },
          summary: `میزبان «${row!.name}» ویرایش شد.`,
          before: audited(previous),
          after: audited(row!),
        });
        return row!;
      });
    },

    async setMaintenance(id: number, on: boolean, actor: AuditActor) {
      const row = await host(id);
      if (row.status === 'offline' && !on) {
        // Leaving maintenance on an offline host waits for its next successful check.
        return row;
      }
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(resources)
          .set({ status: on ? 'maintenance' : 'available' })
          .where(eq(resources.id, id))
          .returning();
        await recordStaffAction(tx, {
          event: 'catalog:host.maintenance',
          actor,
          subject: { type: 'resource', id, name: row.name },
          summary: on
            ? `میزبان «${row.name}» به حالت تعمیر رفت.`
            : `میزبان «${row.name}» از حالت تعمیر بیرون آمد.`,
          before: { status: row.status },
          after: { status: updated!.status },
        });
        return updated!;
      });
    },

    /** The result of a connection check: last seen now, or offline with the reason. */
    async recordCheck(id: number, ok: boolean, actor: AuditActor) {
      const row = await host(id);
      const status = ok
        ? row.status === 'offline'
          ? 'available'
          : row.status
        : row.status === 'maintenance'
          ? 'maintenance'
          : 'offline';
      await db.transaction(async (tx) => {
        const [after] = await tx
          .update(resources)
          .set({ status, ...(ok ? { lastSeenAt: new Date() } : {}) })
          .where(eq(resources.id, id))
          .returning();
        await recordStaffAction(tx, {
          event: 'catalog:host.checked',
          actor,
          subject: { type: 'resource', id, name: row.name },
          summary: ok
            ? `اتصال میزبان «${row.name}» بررسی شد: پاسخ داد.`
            : `اتصال میزبان «${row.name}» بررسی شد: پاسخ نداد.`,
          before: { status: row.status, lastSeenAt: row.lastSeenAt },
          after: { status: after!.status, lastSeenAt: after!.lastSeenAt },
        });
      });
    },

    async deleteHost(id: number, usage: UsageCounts, actor: AuditActor) {
      const row = await host(id);
      const machines = usage.get(id)?.machines ?? 0;
      if (machines > 0) {
        throw new CatalogError(
          'RF_CATALOG_HOST_IN_USE',
          `میزبان «${row.name}» هنوز ${faNumber(machines)} سرور دارد و حذف نمی‌شود؛ نخست سرورهایش را جابه‌جا یا حذف کنید، یا آن را در حالت تعمیر بگذارید.`,
          'delete',
        );
      }
      await db.transaction(async (tx) => {
        await tx.delete(ports).where(eq(ports.resourceId, id));
        await tx.delete(resources).where(eq(resources.id, id));
        await recordStaffAction(tx, {
          event: 'catalog:host.deleted',
          actor,
          subject: { type: 'resource', id },
          summary: `میزبان «${row.name}» و پورت‌هایش حذف شدند.`,
          before: audited(row),
          after: null,
        });
      });
      return row;
    },

    async listPorts(
      filter: { resourceId?: number; status?: string },
      page: { page: number; perPage: number },
    ) {
      const conditions = [];
      if (filter.resourceId) conditions.push(eq(ports.resourceId, filter.resourceId));
      if (filter.status) conditions.push(eq(ports.status, filter.status as 'free'));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({ port: ports, host: resources.name, address: resources.address })
          .from(ports)
          .innerJoin(resources, eq(resources.id, ports.resourceId))
          .where(where)
          .orderBy(asc(ports.resourceId), asc(ports.publicPort))
          .limit(page.perPage)
          .offset((page.page - 1) * page.perPage),
        db.select({ n: count() }).from(ports).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Adds a range of ports to a host; pairs already taken (on any host) are skipped and counted. */
    async addPorts(
      input: {
        resource_id: number;
        public_ip: string;
        from_port: number;
        to_port: number;
        target_port: number;
        protocol: 'tcp' | 'udp';
      },
      actor: AuditActor,
    ) {
      const target = await host(input.resource_id).catch(() => {
        throw new CatalogError('RF_CATALOG_HOST_UNKNOWN', 'میزبان را از فهرست انتخاب کنید.', 'resource_id');
      });
      const wanted = Array.from(
        { length: input.to_port - input.from_port + 1 },
        (_, i) => input.from_port + i,
      );
      if (wanted.length > MAX_PORTS_PER_RANGE)
        throw new CatalogError('RF_CATALOG_RANGE_TOO_BIG', 'بازه بیش از اندازه بزرگ است.', 'to_port');
      return db.transaction(async (tx) => {
        const added = await tx
          .insert(ports)
          .values(
            wanted.map((publicPort) => ({
              resourceId: input.resource_id,
              publicIp: input.public_ip,
              publicPort,
              targetPort: input.target_port,
              protocol: input.protocol,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: ports.id });
        await recordStaffAction(tx, {
          event: 'catalog:ports.added',
          actor,
          subject: { type: 'resource', id: target.id, name: target.name },
          summary: `${faNumber(added.length)} پورت به میزبان «${target.name}» افزوده شد${
            wanted.length > added.length ? ` (${faNumber(wanted.length - added.length)} پورت از پیش بود)` : ''
          }.`,
          before: null,
          after: {
            publicIp: input.public_ip,
            fromPort: input.from_port,
            toPort: input.to_port,
            targetPort: input.target_port,
            protocol: input.protocol,
            count: added.length,
          },
        });
        return { added: added.length, skipped: wanted.length - added.length };
      });
    },

    async findPort(id: number) {
      const [row] = await db.select().from(ports).where(eq(ports.id, id));
      if (!row) throw new CatalogNotFoundError();
      return row;
    },

    async updatePort(id: number, input: { notes: string; status: 'free' | 'disabled' }, actor: AuditActor) {
      const port = await this.findPort(id);
      if (port.instanceId !== null && input.status !== port.status) {
        throw new CatalogError(
          'RF_CATALOG_PORT_IN_USE',
          'این پورت به سروری داده شده است؛ وضعیتش فقط پس از آزاد شدن عوض می‌شود.',
          'status',
        );
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(ports)
          .set({ notes: input.notes, ...(port.instanceId === null ? { status: input.status } : {}) })
          .where(eq(ports.id, id))
          .returning();
        await recordStaffAction(tx, {
          event: 'catalog:port.updated',
          actor,
          subject: { type: 'port', id },
          summary: `پورت ${row!.publicPort} ویرایش شد.`,
          before: port,
          after: row!,
        });
        return row!;
      });
    },

    /** Frees a port whose machine is gone or stuck (`machineLive` says whether it still needs it). */
    async releasePort(id: number, machineLive: boolean, actor: AuditActor) {
      const port = await this.findPort(id);
      if (port.instanceId === null) return port;
      if (machineLive) {
        throw new CatalogError(
          'RF_CATALOG_PORT_HELD',
          'سرور این پورت هنوز کار می‌کند؛ پورت سروری که زنده است آزاد نمی‌شود (نخست سرور را حذف یا جابه‌جا کنید).',
          'release',
        );
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(ports)
          .set({ instanceId: null, status: 'free' })
          .where(eq(ports.id, id))
          .returning();
        await recordStaffAction(tx, {
          event: 'catalog:port.released',
          actor,
          subject: { type: 'port', id },
          summary: `پورت ${row!.publicPort} آزاد شد.`,
          before: port,
          after: row!,
        });
        return row!;
      });
    },

    async deletePort(id: number, actor: AuditActor) {
      const port = await this.findPort(id);
      if (port.status !== 'free' && port.status !== 'disabled') {
        throw new CatalogError('RF_CATALOG_PORT_HELD', 'فقط پورت آزاد یا غیرفعال حذف می‌شود.', 'delete');
      }
      if (port.instanceId !== null) {
        throw new CatalogError('RF_CATALOG_PORT_HELD', 'فقط پورت آزاد یا غیرفعال حذف می‌شود.', 'delete');
      }
      await db.transaction(async (tx) => {
        await tx.delete(ports).where(eq(ports.id, id));
        await recordStaffAction(tx, {
          event: 'catalog:port.deleted',
          actor,
          subject: { type: 'port', id },
          summary: `پورت ${port.publicPort} حذف شد.`,
          before: port,
          after: null,
        });
      });
      return port;
    },

    /** Hosts for the port form's choice and the filters. */
    async hostChoices() {
      return db
        .select({ id: resources.id, name: resources.name })
        .from(resources)
        .orderBy(asc(resources.name));
    },

    async choices() {
      const [plans, places] = await Promise.all([
        db.select({ id: hardwares.id, title: hardwares.title }).from(hardwares).orderBy(asc(hardwares.sort)),
        db.select({ id: locations.id, name: locations.name }).from(locations).orderBy(asc(locations.sort)),
      ]);
      return { plans, places };
    },

    /** The ports of some hosts, for Edit's port list. */
    async portsOf(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(ports)
        .where(inArray(ports.resourceId, ids))
        .orderBy(asc(ports.publicPort))
        .limit(500);
    },
  };
}

export type HostAdmin = ReturnType<typeof createHostAdmin>;
