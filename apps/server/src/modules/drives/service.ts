import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../lib/storage';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import { postLedgerEntry, WalletError } from '../billing';
import { listLocations, mayUser, readConfig } from '../catalog';
import { machineLabels, machinesForDrives } from '../instances';
import { lockUser, type User } from '../users';
import type { DriveFileView, DriveFolderView, DriveRow } from './contracts';
import { joinPath, nameProblem, splitPath } from './drive-paths';
import { DriveError, driveNotFound, fileNotFound } from './errors';
import { type DriveStatus, driveEntries, drives, driveUploads } from './tables';

export const GB = 1024 ** 3;
/** A billing period: 30 days from creation, then from each renewal. */
export const PERIOD_MS = 30 * 24 * 3600 * 1000;
/** An upload not finished within this is abandoned: its reservation is released. */
export const UPLOAD_TTL_MS = 24 * 3600 * 1000;

export type Drive = typeof drives.$inferSelect;
export type DriveEntry = typeof driveEntries.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The storage key prefix of a drive's objects. */
export const driveObjectPrefix = (drive: Pick<Drive, 'uuid'>) => `drives/${drive.uuid}/`;

/** The per-GB month price (config `drive_price_per_gb_month`, Rial), shown on Public/Prices. */
export async function drivePricePerGb(db: Database): Promise<number> {
  const value = Number(await readConfig(db, 'drive_price_per_gb_month'));
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** Days a suspended drive waits before deletion is scheduled, and days from then to deletion. */
export async function driveRetention(db: Database): Promise<{ graceDays: number; retentionDays: number }> {
  const read = async (key: string, fallback: number) => {
    const value = Number(await readConfig(db, key));
    return Number.isInteger(value) && value >= 1 && value <= 365 ? value : fallback;
  };
  return {
    graceDays: await read('drive_grace_days', 7),
    retentionDays: await read('drive_retention_days', 14),
  };
}

/** The charge for growing by `addGb` for what is left of the paid period (rounded up to a Rial). */
export function growCharge(
  drive: Pick<Drive, 'periodStartedAt' | 'paidUntil'>,
  addGb: number,
  price: number,
  now: Date,
) {
  const length = drive.paidUntil.getTime() - drive.periodStartedAt.getTime();
  const left = Math.max(0, Math.min(length, drive.paidUntil.getTime() - now.getTime()));
  if (length <= 0) return 0;
  return Math.ceil((addGb * price * left) / length);
}

export interface DriveServiceOptions {
  db: Database;
  storage: ObjectStorage;
  broadcaster: Broadcaster;
  onPublishError?: (error: unknown) => void;
}

export type DriveService = ReturnType<typeof createDriveService>;

/**
 * Drives (docs/domain.md, Drives): create with one month paid, grow (the rest of the period paid),
 * delete once detached with the name confirmed, attach to a stopped machine in the same location;
 * folders and files inside; quota reservations for uploads in flight. Every write that moves money
 * or space locks the drive (or the user, for limits) first.
 */
export function createDriveService(options: DriveServiceOptions) {
  const { db, storage, broadcaster } = options;
  const inTransaction = <T>(work: Parameters<typeof transactionWithBroadcasts<T>>[2]) =>
    transactionWithBroadcasts(db, broadcaster, work, options.onPublishError);

  const lockDrive = async (tx: Database, userId: number, uuid: string): Promise<Drive> => {
    if (!UUID.test(uuid)) throw driveNotFound();
    const [drive] = await tx
      .select()
      .from(drives)
      .where(and(eq(drives.uuid, uuid), eq(drives.userId, userId), ne(drives.status, 'deleted')))
      .for('update');
    if (!drive) throw driveNotFound();
    return drive;
  };

  const findDrive = async (userId: number, uuid: string): Promise<Drive> => {
    if (!UUID.test(uuid)) throw driveNotFound();
    const [drive] = await db
      .select()
      .from(drives)
      .where(and(eq(drives.uuid, uuid), eq(drives.userId, userId), ne(drives.status, 'deleted')));
    if (!drive) throw driveNotFound();
    return drive;
  };

  const reservedBytes = async (tx: Database, driveIds: number[]): Promise<Map<number, number>> => {
    if (driveIds.length === 0) return new Map();
    const rows = await tx
      .select({ driveId: driveUploads.driveId, bytes: sum(driveUploads.length).mapWith(Number) })
      .from(driveUploads)
      .where(and(inArray(driveUploads.driveId, driveIds), eq(driveUploads.status, 'open')))
      .groupBy(driveUploads.driveId);
    return new Map(rows.map((row) => [row.driveId, row.bytes ?? 0]));
  };

  /** GB the user's live drives hold (the `max_drive_gb` count). */
  const usedGb = async (tx: Database, userId: number, except?: number) => {
    const [row] = await tx
      .select({ gb: sum(drives.sizeGb).mapWith(Number) })
      .from(drives)
      .where(
        and(
          eq(drives.userId, userId),
          ne(drives.status, 'deleted'),
          except === undefined ? undefined : ne(drives.id, except),
        ),
      );
    return row?.gb ?? 0;
  };

  const checkLimit = async (tx: Database, user: Pick<User, 'id' | 'role'>, used: number, adding: number) => {
    const answer = await mayUser(tx, user, 'max_drive_gb', { used, adding });
    if (!answer.allowed) {
      throw new DriveError(
        'RF_DRIVE_LIMIT',
        `${answer.message} (باقی‌ماندهٔ مجاز: ${Math.max(0, answer.limit - used).toLocaleString('fa-IR')} گیگابایت)`,
        'size_gb',
        { limit: answer.limit, used },
      );
    }
  };

  const charge = async (
    tx: Database,
    broadcast: Parameters<typeof postLedgerEntry>[2],
    input: { userId: number; amount: number; key: string; description: string; reference: string },
  ) => {
    if (input.amount <= 0) return;
    try {
      await postLedgerEntry(
        tx,
        {
          userId: input.userId,
          type: 'drive',
          amount: -input.amount,
          idempotencyKey: input.key,
          description: input.description,
          reference: input.reference,
        },
        broadcast,
      );
    } catch (error) {
      if (error instanceof WalletError && error.code === 'RF_WALLET_INSUFFICIENT_BALANCE') {
        throw new DriveError(
          'RF_DRIVE_BALANCE',
          'موجودی کیف پول برای این کار کافی نیست؛ نخست اعتبار بخرید.',
          'size_gb',
        );
      }
      throw error;
    }
  };

  const rows = async (list: Drive[], price: number): Promise<DriveRow[]> => {
    const places = new Map((await listLocations(db)).map((l) => [l.id, l]));
    const machines = await machineLabels(
      db,
      list.flatMap((d) => (d.instanceId === null ? [] : [d.instanceId])),
    );
    const reserved = await reservedBytes(
      db,
      list.map((d) => d.id),
    );
    return list.map((d) => ({
      uuid: d.uuid,
      name: d.name,
      size_gb: d.sizeGb,
      used_bytes: d.usedBytes,
      reserved_bytes: reserved.get(d.id) ?? 0,
      location: { id: d.locationId, name: places.get(d.locationId)?.name ?? '' },
      machine: d.instanceId === null ? null : (machines.get(d.instanceId) ?? null),
      monthly_price: d.sizeGb * price,
      status: d.status,
      paid_until: d.paidUntil.toISOString(),
      delete_at: d.deleteAt?.toISOString() ?? null,
    }));
  };

  const requireActive = (drive: Drive, field?: string) => {
    if (drive.status !== 'active') {
      throw new DriveError(
        'RF_DRIVE_NOT_ACTIVE',
        'این فضا به‌دلیل تمدیدنشدن معلق است و فقط دانلود از آن ممکن است؛ با افزایش اعتبار دوباره فعال می‌شود.',
        field,
      );
    }
  };

  const folderExists = async (tx: Database, driveId: number, path: string) => {
    if (path === '') return true;
    const [row] = await tx
      .select({ id: driveEntries.id })
      .from(driveEntries)
      .where(
        and(eq(driveEntries.driveId, driveId), eq(driveEntries.path, path), eq(driveEntries.kind, 'folder')),
      );
    return Boolean(row);
  };

  const checkFolder = (path: string, field = 'path'): string => {
    if (splitPath(path) === null) throw new DriveError('RF_DRIVE_PATH', 'مسیر پوشه درست نیست.', field);
    return path;
  };

  const checkName = (name: string, field = 'name') => {
    const problem = nameProblem(name);
    if (problem) throw new DriveError('RF_DRIVE_NAME', problem, field);
  };

  const entryAt = async (tx: Database, driveId: number, path: string) => {
    const [row] = await tx
      .select()
      .from(driveEntries)
      .where(and(eq(driveEntries.driveId, driveId), eq(driveEntries.path, path)));
    return row;
  };

  /** Removes objects after the rows are gone; a failure leaves an orphan object, never a row without bytes. */
  const removeObjects = async (keys: string[]) => {
    for (const key of keys) await storage.delete(key).catch(() => {});
  };

  return {
    findDrive,

    async listOwn(userId: number): Promise<DriveRow[]> {
      const list = await db
        .select()
        .from(drives)
        .where(and(eq(drives.userId, userId), ne(drives.status, 'deleted')))
        .orderBy(asc(drives.id));
      return rows(list, await drivePricePerGb(db));
    },

    async listOptions(user: Pick<User, 'id' | 'role'>) {
      const [places, machines, limit, used, price] = await Promise.all([
        listLocations(db),
        machinesForDrives(db, user.id),
        mayUser(db, user, 'max_drive_gb', { used: 0, adding: 0 }),
        usedGb(db, user.id),
        drivePricePerGb(db),
      ]);
      return {
        locations: places.filter((l) => l.isActive).map((l) => ({ id: l.id, name: l.name })),
        machines: machines
          .filter((m) => m.status === 'ready')
          .map((m) => ({
            uuid: m.uuid,
            name: m.name,
            location_id: m.locationId,
            stopped: m.power === 'stopped',
          })),
        limits: { max_drive_gb: limit.allowed ? limit.limit : limit.limit, used_gb: used },
        price_per_gb_month: price,
      };
    },

    async create(
      user: Pick<User, 'id' | 'role'>,
      input: { name: string; sizeGb: number; locationId: number },
      now = new Date(),
    ): Promise<Drive> {
      return inTransaction(async (tx, broadcast) => {
        const owner = await lockUser(tx, user.id);
        if (!owner) throw driveNotFound();
        const place = (await listLocations(tx)).find((l) => l.id === input.locationId);
        if (!place?.isActive) {
          throw new DriveError(
            'RF_DRIVE_LOCATION',
            'این دیتاسنتر اکنون فضای تازه نمی‌پذیرد؛ دیتاسنتر دیگری انتخاب کنید.',
            'location_id',
          );
        }
        await checkLimit(tx, owner, await usedGb(tx, user.id), input.sizeGb);
        const price = input.sizeGb * (await drivePricePerGb(tx));
        if (owner.balance < price) {
          throw new DriveError(
            'RF_DRIVE_BALANCE',
            `موجودی کیف پول باید دست‌کم بهای یک ماه این فضا (${(price / 10).toLocaleString('fa-IR')} تومان) باشد.`,
            'size_gb',
          );
        }
        const [drive] = await tx
          .insert(drives)
          .values({
            userId: user.id,
            locationId: input.locationId,
            name: input.name,
            sizeGb: input.sizeGb,
            period: 1,
            periodStartedAt: now,
            paidUntil: new Date(now.getTime() + PERIOD_MS),
          })
          .returning();
        await charge(tx, broadcast, {
          userId: user.id,
          amount: price,
          key: `drive:${drive!.uuid}:1`,
          description: `فضای ذخیره‌سازی «${input.name}»، ${input.sizeGb.toLocaleString('fa-IR')} گیگابایت، ماه نخست`,
          reference: drive!.uuid,
        });
        return drive!;
      });
    },

    /** Rename and/or grow; the added GB are paid for what is left of the period. Shrinking is refused. */
    async update(
      user: Pick<User, 'id' | 'role'>,
      uuid: string,
      input: { name: string; sizeGb: number },
      now = new Date(),
    ): Promise<Drive> {
      return inTransaction(async (tx, broadcast) => {
        const owner = await lockUser(tx, user.id);
        if (!owner) throw driveNotFound();
        const drive = await lockDrive(tx, user.id, uuid);
        if (input.sizeGb < drive.sizeGb) {
          throw new DriveError(
            'RF_DRIVE_SHRINK',
            `اندازهٔ فضا را نمی‌توان کم کرد؛ دست‌کم ${drive.sizeGb.toLocaleString('fa-IR')} گیگابایت بنویسید.`,
            'size_gb',
          );
        }
        if (input.sizeGb > drive.sizeGb) {
          requireActive(drive, 'size_gb');
          const add = input.sizeGb - drive.sizeGb;
          await checkLimit(tx, owner, await usedGb(tx, user.id), add);
          const amount = growCharge(drive, add, await drivePricePerGb(tx), now);
          if (owner.balance < amount) {
            throw new DriveError(
              'RF_DRIVE_BALANCE',
              'موجودی کیف پول برای بزرگ‌کردن این فضا تا پایان دوره کافی نیست.',
              'size_gb',
            );
          }
          await charge(tx, broadcast, {
            userId: user.id,
            amount,
            key: `drive:${drive.uuid}:${drive.period}:grow:${input.sizeGb}`,
            description: `بزرگ‌کردن فضای «${drive.name}» تا ${input.sizeGb.toLocaleString('fa-IR')} گیگابایت، تا پایان دوره`,
            reference: drive.uuid,
          });
        }
        const [updated] = await tx
          .update(drives)
          .set({ name: input.name, sizeGb: input.sizeGb, updatedAt: now })
          .where(eq(drives.id, drive.id))
          .returning();
        return updated!;
      });
    },

    /** Deletes a detached drive whose name was typed back; its objects are removed. */
    async destroy(userId: number, uuid: string, confirmName: string, now = new Date()): Promise<void> {
      const drive = await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, userId, uuid);
        if (drive.instanceId !== null) {
          throw new DriveError(
            'RF_DRIVE_ATTACHED',
            'نخست این فضا را از سرور جدا کنید؛ فضای وصل‌شده حذف نمی‌شود.',
            'confirm_name',
          );
        }
        if (confirmName.trim() !== drive.name) {
          throw new DriveError(
            'RF_DRIVE_CONFIRM_NAME',
            'برای حذف، نام فضا را دقیقاً همان‌طور که هست بنویسید.',
            'confirm_name',
          );
        }
        await markDeleted(tx, drive, now);
        return drive;
      });
      await removeDriveObjects(storage, drive);
    },

    async attach(userId: number, uuid: string, instanceUuid: string): Promise<void> {
      await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, userId, uuid);
        requireActive(drive, 'instance');
        const [machine] = UUID.test(instanceUuid)
          ? await machinesForDrives(tx, userId, { uuid: instanceUuid, lock: true })
          : [];
        if (!machine || machine.status !== 'ready') {
          throw new DriveError(
            'RF_DRIVE_MACHINE',
            'سروری را که می‌خواهید فضا به آن وصل شود انتخاب کنید.',
            'instance',
          );
        }
        if (machine.locationId !== drive.locationId) {
          throw new DriveError(
            'RF_DRIVE_MACHINE',
            'فضا فقط به سروری در همان دیتاسنتر وصل می‌شود.',
            'instance',
          );
        }
        if (machine.power !== 'stopped') {
          throw new DriveError(
            'RF_DRIVE_MACHINE',
            'نخست سرور را خاموش کنید؛ فضا فقط به سرور خاموش وصل می‌شود.',
            'instance',
          );
        }
        const [taken] = await tx
          .select({ id: drives.id })
          .from(drives)
          .where(and(eq(drives.instanceId, machine.id), ne(drives.id, drive.id)));
        if (taken) throw new DriveError('RF_DRIVE_MACHINE', 'فضای دیگری به این سرور وصل است.', 'instance');
        await tx
          .update(drives)
          .set({ instanceId: machine.id, updatedAt: new Date() })
          .where(eq(drives.id, drive.id));
      });
    },

    async detach(userId: number, uuid: string): Promise<void> {
      await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, userId, uuid);
        if (drive.instanceId === null) return;
        const [machine] = (await machinesForDrives(tx, userId, { lock: true })).filter(
          (m) => m.id === drive.instanceId,
        );
        if (machine && machine.power !== 'stopped') {
          throw new DriveError(
            'RF_DRIVE_MACHINE',
            'نخست سرور را خاموش کنید؛ فضا از سرور روشن جدا نمی‌شود.',
            'instance',
          );
        }
        await tx
          .update(drives)
          .set({ instanceId: null, updatedAt: new Date() })
          .where(eq(drives.id, drive.id));
      });
    },

    /** One folder of a drive: its sub-folders and files, and the breadcrumb to it. */
    async browse(userId: number, uuid: string, path: string) {
      const drive = await findDrive(userId, uuid);
      const names = splitPath(path);
      if (names === null || !(await folderExists(db, drive.id, path))) throw fileNotFound();
      const entries = await db
        .select()
        .from(driveEntries)
        .where(and(eq(driveEntries.driveId, drive.id), eq(driveEntries.parent, path)))
        .orderBy(asc(driveEntries.name));
      const reserved = (await reservedBytes(db, [drive.id])).get(drive.id) ?? 0;
      const folders: DriveFolderView[] = [];
      const files: DriveFileView[] = [];
      for (const entry of entries) {
        if (entry.kind === 'folder')
          folders.push({ name: entry.name, path: entry.path, created_at: entry.createdAt.toISOString() });
        else files.push(fileView(entry));
      }
      return {
        drive,
        reserved,
        breadcrumb: names.map((name, i) => ({ name, path: names.slice(0, i + 1).join('/') })),
        folders,
        files,
      };
    },

    async makeFolder(userId: number, uuid: string, parent: string, name: string): Promise<void> {
      checkFolder(parent);
      checkName(name);
      await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, userId, uuid);
        requireActive(drive, 'name');
        if (!(await folderExists(tx, drive.id, parent))) throw fileNotFound();
        const path = joinPath(parent, name);
        if (splitPath(path) === null)
          throw new DriveError('RF_DRIVE_PATH', 'پوشه‌ها بیش از اندازه تودرتو شده‌اند.', 'name');
        if (await entryAt(tx, drive.id, path)) {
          throw new DriveError('RF_DRIVE_EXISTS', 'پوشه یا فایلی با این نام همین‌جا هست.', 'name');
        }
        await tx.insert(driveEntries).values({ driveId: drive.id, kind: 'folder', parent, name, path });
      });
    },

    /** Removes files and folders (with everything inside); the space comes back. */
    async removeEntries(userId: number, uuid: string, paths: string[]): Promise<number> {
      for (const path of paths) if (path === '' || splitPath(path) === null) throw fileNotFound();
      const keys: string[] = [];
      const removed = await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, userId, uuid);
        requireActive(drive, 'path');
        let count = 0;
        let freed = 0;
        for (const path of paths) {
          const entry = await entryAt(tx, drive.id, path);
          if (!entry) continue;
          const gone = await tx
            .delete(driveEntries)
            .where(
              and(
                eq(driveEntries.driveId, drive.id),
                or(eq(driveEntries.path, path), sql`starts_with(${driveEntries.path}, ${`${path}/`})`),
              ),
            )
            .returning();
          for (const row of gone) {
            count++;
            if (row.kind === 'file') freed += row.size;
            if (row.objectKey) keys.push(row.objectKey);
          }
        }
        if (count === 0) throw fileNotFound();
        await tx
          .update(drives)
          .set({ usedBytes: sql`greatest(0, ${drives.usedBytes} - ${freed})`, updatedAt: new Date() })
          .where(eq(drives.id, drive.id));
        return count;
      });
      await removeObjects(keys);
      return removed;
    },

    /** A file of a drive by path (for Down and the signed link). */
    async findFile(userId: number, uuid: string, path: string) {
      const drive = await findDrive(userId, uuid);
      if (splitPath(path) === null || path === '') throw fileNotFound();
      const entry = await entryAt(db, drive.id, path);
      if (!entry || entry.kind !== 'file') throw fileNotFound();
      return { drive, entry };
    },

    /**
     * The user's files whose names end in `suffix` (`.blend` scenes for a render), across their
     * live drives, newest first; at most `limit`, so a drive of thousands of files stays one query.
     */
    async findFilesBySuffix(userId: number, suffix: string, limit = 200) {
      const pattern = `%${suffix.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
      return db
        .select({ drive: { uuid: drives.uuid, name: drives.name }, entry: driveEntries })
        .from(driveEntries)
        .innerJoin(drives, eq(drives.id, driveEntries.driveId))
        .where(
          and(
            eq(drives.userId, userId),
            ne(drives.status, 'deleted'),
            eq(driveEntries.kind, 'file'),
            isNotNull(driveEntries.objectKey),
            ilike(driveEntries.name, pattern),
          ),
        )
        .orderBy(desc(driveEntries.createdAt), asc(driveEntries.id))
        .limit(limit);
    },

    /** The file a download link names, while its drive is the same user's and not deleted. */
    async fileForLink(claim: { drive: number; file: number; user: number }) {
      const [row] = await db
        .select({ entry: driveEntries, drive: drives })
        .from(driveEntries)
        .innerJoin(drives, eq(drives.id, driveEntries.driveId))
        .where(
          and(
            eq(driveEntries.id, claim.file),
            eq(driveEntries.kind, 'file'),
            eq(drives.id, claim.drive),
            eq(drives.userId, claim.user),
            ne(drives.status, 'deleted'),
          ),
        );
      return row ?? null;
    },

    /** A live drive of the user by its id (another module keeps the id): a 404 for anyone else's. */
    async findDriveById(userId: number, id: number): Promise<Drive> {
      const [drive] = await db
        .select()
        .from(drives)
        .where(and(eq(drives.id, id), eq(drives.userId, userId), ne(drives.status, 'deleted')));
      if (!drive) throw driveNotFound();
      return drive;
    },

    /**
     * Makes the folder `path` and every folder above it that is missing (`renders/<job>` for a
     * render's frames); a file in the way is refused.
     */
    async ensureFolders(userId: number, uuid: string, path: string): Promise<void> {
      const names = splitPath(checkFolder(path));
      if (names === null || names.length === 0) return;
      await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, userId, uuid);
        requireActive(drive);
        let parent = '';
        for (const name of names) {
          const here = joinPath(parent, name);
          const entry = await entryAt(tx, drive.id, here);
          if (entry?.kind === 'file') {
            throw new DriveError('RF_DRIVE_EXISTS', 'فایلی هم‌نام این پوشه همین‌جا هست.', 'path');
          }
          if (!entry)
            await tx
              .insert(driveEntries)
              .values({ driveId: drive.id, kind: 'folder', parent, name, path: here });
          parent = here;
        }
      });
    },

    /**
     * Reserves `length` bytes for a new upload (tus creation): the drive is the user's and active,
     * the folder exists, the name is good and free, and used + reserved + length fits the size.
     * With `replace` a file of that name may be there already: the finished upload takes its
     * place (a frame rendered again after its node went quiet).
     */
    async reserveUpload(
      userId: number,
      uuid: string,
      input: { id: string; parent: string; name: string; length: number; replace?: boolean },
      now = new Date(),
    ): Promise<{ drive: Drive; objectKey: string }> {
      checkFolder(input.parent);
      checkName(input.name);
      return db.transaction(async (tx) => {
        const drive = await lockDrive(tx, userId, uuid);
        requireActive(drive);
        if (!(await folderExists(tx, drive.id, input.parent))) throw fileNotFound();
        const path = joinPath(input.parent, input.name);
        if (splitPath(path) === null) throw new DriveError('RF_DRIVE_PATH', 'مسیر فایل درست نیست.', 'name');
        const existing = await entryAt(tx, drive.id, path);
        if (existing && !(input.replace && existing.kind === 'file')) {
          throw new DriveError('RF_DRIVE_EXISTS', 'فایل یا پوشه‌ای با این نام همین‌جا هست.', 'name');
        }
        const reserved = (await reservedBytes(tx, [drive.id])).get(drive.id) ?? 0;
        const free = drive.sizeGb * GB - drive.usedBytes - reserved;
        if (input.length > free) {
          throw new DriveError(
            'RF_DRIVE_QUOTA',
            'فضای خالی این درایو برای این فایل کافی نیست؛ فضا را بزرگ‌تر کنید یا فایل‌هایی را پاک کنید.',
            'file',
            {
              free: Math.max(0, free),
            },
          );
        }
        await tx.insert(driveUploads).values({
          id: input.id,
          driveId: drive.id,
          userId,
          parent: input.parent,
          name: input.name,
          length: input.length,
          expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS),
          createdAt: now,
        });
        return { drive, objectKey: `${driveObjectPrefix(drive)}${randomUUID()}` };
      });
    },

    /** The user's open upload (for every tus request after creation). */
    async findUpload(userId: number, id: string) {
      const [upload] = await db
        .select({ upload: driveUploads, drive: drives })
        .from(driveUploads)
        .innerJoin(drives, eq(drives.id, driveUploads.driveId))
        .where(
          and(eq(driveUploads.id, id), eq(driveUploads.userId, userId), eq(driveUploads.status, 'open')),
        );
      return upload ?? null;
    },

    /** The upload has all its bytes (stored under `objectKey`): a file row, and the space moves from reserved to used. */
    async finishUpload(
      id: string,
      file: { size: number; sha256: string; objectKey: string },
      now = new Date(),
    ) {
      const stale: string[] = [];
      const entry = await db.transaction(async (tx) => {
        const [upload] = await tx.select().from(driveUploads).where(eq(driveUploads.id, id)).for('update');
        if (!upload || upload.status !== 'open') return null;
        const [drive] = await tx.select().from(drives).where(eq(drives.id, upload.driveId)).for('update');
        await tx
          .update(driveUploads)
          .set({ status: 'finished', finishedAt: now })
          .where(eq(driveUploads.id, id));
        if (!drive || drive.status === 'deleted') {
          stale.push(file.objectKey);
          return null;
        }
        const path = joinPath(upload.parent, upload.name);
        // A file of the same name made meanwhile (another tab) is replaced by the newer upload.
        const old = await entryAt(tx, drive.id, path);
        let freed = 0;
        if (old?.kind === 'file') {
          await tx.delete(driveEntries).where(eq(driveEntries.id, old.id));
          freed = old.size;
          if (old.objectKey) stale.push(old.objectKey);
        } else if (old) {
          stale.push(file.objectKey);
          return null;
        }
        const [row] = await tx
          .insert(driveEntries)
          .values({
            driveId: drive.id,
            kind: 'file',
            parent: upload.parent,
            name: upload.name,
            path,
            size: file.size,
            sha256: file.sha256,
            objectKey: file.objectKey,
            createdAt: now,
          })
          .returning();
        await tx
          .update(drives)
          .set({ usedBytes: sql`greatest(0, ${drives.usedBytes} + ${file.size - freed})`, updatedAt: now })
          .where(eq(drives.id, drive.id));
        return row!;
      });
      await removeObjects(stale);
      return entry;
    },

    /** tus termination: the reservation is released. */
    async cancelUpload(userId: number, id: string): Promise<boolean> {
      const done = await db
        .update(driveUploads)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(and(eq(driveUploads.id, id), eq(driveUploads.userId, userId), eq(driveUploads.status, 'open')))
        .returning({ id: driveUploads.id });
      return done.length > 0;
    },

    /** Uploads abandoned past their expiry: released; their ids go back for the staging files to be removed. */
    async expireUploads(now = new Date()): Promise<string[]> {
      const done = await db
        .update(driveUploads)
        .set({ status: 'expired', finishedAt: now })
        .where(and(eq(driveUploads.status, 'open'), sql`${driveUploads.expiresAt} <= ${now.toISOString()}`))
        .returning({ id: driveUploads.id });
      return done.map((row) => row.id);
    },

    /** A drive's objects are removed (the renewal job's deletion). */
    removeObjects,
  };
}

/** Every object under the drive's prefix goes (files, and uploads that finished after deletion). */
export async function removeDriveObjects(
  storage: ObjectStorage,
  drive: Pick<Drive, 'uuid'>,
): Promise<number> {
  const objects = await storage.list(driveObjectPrefix(drive));
  for (const object of objects) await storage.delete(object.key);
  return objects.length;
}

/** Marks the drive deleted in `tx`: entries gone, uploads cancelled, detached; returns the object keys to remove. */
export async function markDeleted(tx: Database, drive: Drive, now: Date): Promise<string[]> {
  const gone = await tx
    .delete(driveEntries)
    .where(eq(driveEntries.driveId, drive.id))
    .returning({ key: driveEntries.objectKey });
  await tx
    .update(driveUploads)
    .set({ status: 'cancelled', finishedAt: now })
    .where(and(eq(driveUploads.driveId, drive.id), eq(driveUploads.status, 'open')));
  await tx
    .update(drives)
    .set({
      status: 'deleted' satisfies DriveStatus,
      instanceId: null,
      usedBytes: 0,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(drives.id, drive.id));
  return gone.flatMap((row) => (row.key ? [row.key] : []));
}

export function fileView(entry: DriveEntry): DriveFileView {
  return {
    name: entry.name,
    path: entry.path,
    size: entry.size,
    sha256: entry.sha256,
    created_at: entry.createdAt.toISOString(),
  };
}
