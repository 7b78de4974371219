import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faNumber } from '../../lib/persian';
import { type AuditActor, recordStaffAction } from '../activity';
import type { HardwareInput, LocationInput } from './admin-validators';
import { CatalogError, CatalogNotFoundError } from './errors';
import { hardwareImages, hardwares, images, locations, resources } from './tables';

/** Live machines per plan/location, from the instances service (the catalog never reads its tables). */
export type UsageCounts = Map<number, { machines: number; running: number }>;

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const name = e.constraint ?? e.cause?.constraint ?? '';
  return code === '23505' && name.includes(constraint);
}

/**
 * Plans and locations as admins edit them (Admin/Hardwares, Admin/Locations, docs/screens.md §6).
 * Prices arrive in Toman and are kept in Rial; a price change applies to new machines only
 * (a machine's price is frozen when it is ordered). A plan or location still in use is never
 * deleted: a plan is archived instead, a location made inactive.
 */
export function createPlanAdmin(db: Database) {
  async function plan(id: number) {
    const [row] = await db.select().from(hardwares).where(eq(hardwares.id, id));
    if (!row) throw new CatalogNotFoundError();
    return row;
  }

  async function saveImages(tx: Database, hardwareId: number, imageIds: number[]) {
    await tx.delete(hardwareImages).where(eq(hardwareImages.hardwareId, hardwareId));
    const known = new Set((await tx.select({ id: images.id }).from(images)).map((i) => i.id));
    const chosen = [...new Set(imageIds)].filter((id) => known.has(id));
    if (chosen.length > 0)
      await tx.insert(hardwareImages).values(chosen.map((imageId) => ({ hardwareId, imageId })));
    return chosen.sort((a, b) => a - b);
  }

  const values = (input: HardwareInput) => ({
    title: input.title,
    slug: input.slug,
    gpuModel: input.gpu_model,
    gpuCount: input.gpu_count,
    vramGb: input.vram_gb,
    cpuModel: input.cpu_model,
    cpuCores: input.cpu_cores,
    ramGb: input.ram_gb,
    diskGb: input.disk_gb,
    // The form's fields already turned the typed Toman into Rial (http/money-field.ts).
    pricePerHour: input.price_per_hour,
    setupFee: input.setup_fee,
    stock: input.stock,
    perUserLimit: input.per_user_limit,
    status: input.status,
    description: input.description,
    sort: input.sort,
  });

  const slugTaken = () =>
    new CatalogError(
      'RF_CATALOG_SLUG_TAKEN',
      'این نامک برای پلن دیگری ثبت شده است؛ نامک دیگری بنویسید.',
      'slug',
    );

  return {
    async listPlans() {
      const [rows, hosts, offered] = await Promise.all([
        db.select().from(hardwares).orderBy(asc(hardwares.sort), asc(hardwares.id)),
        db
          .select({ hardwareId: resources.hardwareId, n: count() })
          .from(resources)
          .groupBy(resources.hardwareId),
        db.select().from(hardwareImages),
      ]);
      return rows.map((row) => ({
        plan: row,
        hosts: hosts.find((h) => h.hardwareId === row.id)?.n ?? 0,
        imageIds: offered.filter((o) => o.hardwareId === row.id).map((o) => o.imageId),
      }));
    },

    async findPlan(id: number) {
      const row = await plan(id);
      const offered = await db.select().from(hardwareImages).where(eq(hardwareImages.hardwareId, id));
      return { plan: row, imageIds: offered.map((o) => o.imageId) };
    },

    async createPlan(input: HardwareInput, actor: AuditActor) {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(hardwares).values(values(input)).returning();
          const imageIds = await saveImages(tx, row!.id, input.image_ids);
          await recordStaffAction(tx, {
            event: 'catalog:plan.created',
            actor,
            subject: { type: 'hardware', id: row!.id },
            summary: `پلن «${row!.title}» ساخته شد.`,
            before: null,
            after: { ...row!, imageIds },
          });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'slug')) throw slugTaken();
        throw error;
      }
    },

    async updatePlan(id: number, input: HardwareInput, actor: AuditActor) {
      const { plan: was, imageIds: hadImages } = await this.findPlan(id);
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .update(hardwares)
            .set({ ...values(input), updatedAt: new Date() })
            .where(eq(hardwares.id, id))
            .returning();
          const imageIds = await saveImages(tx, id, input.image_ids);
          await recordStaffAction(tx, {
            event: 'catalog:plan.updated',
            actor,
            subject: { type: 'hardware', id },
            summary: `پلن «${row!.title}» ویرایش شد.`,
            before: { ...was, imageIds: [...hadImages].sort((a, b) => a - b) },
            after: { ...row!, imageIds },
          });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'slug')) throw slugTaken();
        throw error;
      }
    },

    /** Deletes a plan nothing points at; one with machines or hosts is refused, archiving offered. */
    async deletePlan(id: number, usage: UsageCounts, actor: AuditActor) {
      const row = await plan(id);
      const machines = usage.get(id)?.machines ?? 0;
      const [hosts] = await db.select({ n: count() }).from(resources).where(eq(resources.hardwareId, id));
      if (machines > 0 || (hosts?.n ?? 0) > 0) {
        throw new CatalogError(
          'RF_CATALOG_PLAN_IN_USE',
          `پلن «${row.title}» هنوز ${machines > 0 ? `${faNumber(machines)} سرور` : `${faNumber(hosts!.n)} میزبان`} دارد و حذف نمی‌شود؛ به جای حذف، وضعیتش را «بایگانی» کنید تا در سفارش‌های تازه دیده نشود.`,
          'delete',
        );
      }
      await db.transaction(async (tx) => {
        await tx.delete(hardwares).where(eq(hardwares.id, id));
        await recordStaffAction(tx, {
          event: 'catalog:plan.deleted',
          actor,
          subject: { type: 'hardware', id },
          summary: `پلن «${row.title}» حذف شد.`,
          before: row,
          after: null,
        });
      });
      return row;
    },

    async listLocations() {
      const [rows, hosts] = await Promise.all([
        db.select().from(locations).orderBy(asc(locations.sort), asc(locations.id)),
        db
          .select({ locationId: resources.locationId, n: count(), capacity: resources.capacity })
          .from(resources)
          .groupBy(resources.locationId, resources.capacity),
      ]);
      return rows.map((row) => {
        const mine = hosts.filter((h) => h.locationId === row.id);
        return {
          location: row,
          hosts: mine.reduce((total, h) => total + h.n, 0),
          capacity: mine.reduce((total, h) => total + h.n * h.capacity, 0),
        };
      });
    },

    async findLocation(id: number) {
      const [row] = await db.select().from(locations).where(eq(locations.id, id));
      if (!row) throw new CatalogNotFoundError();
      return row;
    },

    async saveLocation(id: number | null, input: LocationInput, actor: AuditActor) {
      const data = {
        code: input.code,
        name: input.name,
        city: input.city,
        country: input.country,
        isActive: input.is_active,
        sort: input.sort,
      };
      const [taken] = await db
        .select({ id: locations.id })
        .from(locations)
        .where(
          id === null
            ? eq(locations.code, input.code)
            : and(eq(locations.code, input.code), ne(locations.id, id)),
        );
      if (taken) {
        throw new CatalogError('RF_CATALOG_CODE_TAKEN', 'این کد برای دیتاسنتر دیگری ثبت شده است.', 'code');
      }
      const was = id === null ? null : await this.findLocation(id);
      return db.transaction(async (tx) => {
        const [row] =
          id === null
            ? await tx.insert(locations).values(data).returning()
            : await tx.update(locations).set(data).where(eq(locations.id, id)).returning();
        await recordStaffAction(tx, {
          event: was ? 'catalog:location.updated' : 'catalog:location.created',
          actor,
          subject: { type: 'location', id: row!.id },
          summary: was ? `دیتاسنتر «${row!.name}» ویرایش شد.` : `دیتاسنتر «${row!.name}» ساخته شد.`,
          before: was,
          after: row!,
        });
        return row!;
      });
    },

    /** Deletes a location with no hosts and no machines; otherwise it can only be made inactive. */
    async deleteLocation(id: number, usage: UsageCounts, actor: AuditActor) {
      const row = await this.findLocation(id);
      const [hosts] = await db.select({ n: count() }).from(resources).where(eq(resources.locationId, id));
      if ((hosts?.n ?? 0) > 0 || (usage.get(id)?.machines ?? 0) > 0) {
        throw new CatalogError(
          'RF_CATALOG_LOCATION_IN_USE',
          `دیتاسنتر «${row.name}» هنوز میزبان یا سرور دارد و حذف نمی‌شود؛ برای اینکه در سفارش‌های تازه دیده نشود، غیرفعالش کنید.`,
          'delete',
        );
      }
      await db.transaction(async (tx) => {
        await tx.delete(locations).where(eq(locations.id, id));
        await recordStaffAction(tx, {
          event: 'catalog:location.deleted',
          actor,
          subject: { type: 'location', id },
          summary: `دیتاسنتر «${row.name}» حذف شد.`,
          before: row,
          after: null,
        });
      });
      return row;
    },
  };
}

export type PlanAdmin = ReturnType<typeof createPlanAdmin>;
