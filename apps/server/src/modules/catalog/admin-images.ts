import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AuditActor, recordStaffAction } from '../activity';
import type { UsageCounts } from './admin-plans';
import type { ImageInput } from './admin-validators';
import { CatalogError, CatalogNotFoundError } from './errors';
import { hardwareImages, images } from './tables';

/**
 * Software images as admins keep them (the images group of Admin/Configs, docs/screens.md note 5):
 * the name and software customers choose by, the OS, and the template the driver clones
 * (`driver_ref`, one per image). Images are never deleted, machines point at them: an admin
 * deactivates one, and Make stops offering it.
 */
export function createImageAdmin(db: Database) {
  async function find(id: number) {
    const [row] = await db.select().from(images).where(eq(images.id, id));
    if (!row) throw new CatalogNotFoundError();
    return row;
  }

  return {
    /** Every image, with how many plans offer it and how many machines run it (`usage`: by image). */
    async list(usage: UsageCounts) {
      const [rows, offered] = await Promise.all([
        db.select().from(images).orderBy(asc(images.sort), asc(images.id)),
        db
          .select({ imageId: hardwareImages.imageId, plans: count() })
          .from(hardwareImages)
          .groupBy(hardwareImages.imageId),
      ]);
      const plans = new Map(offered.map((o) => [o.imageId, o.plans]));
      return rows.map((image) => ({
        image,
        plans: plans.get(image.id) ?? 0,
        machines: usage.get(image.id)?.machines ?? 0,
      }));
    },

    async save(id: number | null, input: ImageInput, actor: AuditActor) {
      const values = {
        name: input.name,
        os: input.os,
        software: input.software,
        driverRef: input.driver_ref,
        isActive: input.is_active,
        sort: input.sort,
      };
      const was = id === null ? null : await find(id);
      const [clash] = await db
        .select({ id: images.id })
        .from(images)
        .where(eq(images.driverRef, input.driver_ref));
      if (clash && clash.id !== id) {
        throw new CatalogError(
          'RF_CATALOG_IMAGE_EXISTS',
          'تصویر دیگری همین قالب را دارد؛ همان را ویرایش کنید.',
          'driver_ref',
        );
      }
      return db.transaction(async (tx) => {
        const [row] =
          id === null
            ? await tx.insert(images).values(values).returning()
            : await tx.update(images).set(values).where(eq(images.id, id)).returning();
        await recordStaffAction(tx, {
          event: was ? 'catalog:image.updated' : 'catalog:image.created',
          actor,
          subject: { type: 'image', id: row!.id },
          summary: `تصویر نرم‌افزاری «${row!.name}» ${was ? 'ویرایش' : 'افزوده'} شد.`,
          before: was,
          after: row!,
        });
        return row!;
      });
    },
  };
}

export type ImageAdmin = ReturnType<typeof createImageAdmin>;
