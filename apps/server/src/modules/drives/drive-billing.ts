import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ObjectStorage } from '../../lib/storage';
import { type Broadcaster, transactionWithBroadcasts } from '../../platform/broadcasting';
import type { JobHandler, JobLog } from '../../platform/jobs';
import { everyMinute } from '../../platform/jobs';
import { postLedgerEntry } from '../billing';
import { notify } from '../notifications';
import { lockUser } from '../users';
import {
  type Drive,
  drivePricePerGb,
  driveRetention,
  markDeleted,
  PERIOD_MS,
  removeDriveObjects,
} from './service';
import { drives } from './tables';

export const DRIVE_BILLING_JOB = 'drives.billing';
const DAY_MS = 24 * 3600 * 1000;

export interface DriveBillingResult {
  renewed: number;
  suspended: number;
  scheduled: number;
  deleted: number;
  notices: number;
}

/**
 * The monthly life of drives, run by a job every minute: a drive whose paid period ended is
 * renewed from the wallet (`drive:{drive}:{period}`); without balance it is `suspended` (download
 * only) and told so; after `drive_grace_days` it is `scheduled_deletion` (deleted after
 * `drive_retention_days`, told 7 days and 1 day before); then `deleted`, its objects removed. Any
 * step that finds the balance back renews and makes the drive active again. Each drive is handled
 * in its own transaction under its row lock, and every charge and notice has a key: a replayed or
 * concurrent run charges and tells once.
 */
export function createDriveBilling(options: {
  db: Database;
  broadcaster: Broadcaster;
  storage: ObjectStorage;
  log?: JobLog;
}) {
  const { db, broadcaster, storage } = options;

  const path = (drive: Drive) => `/panel/drives/${drive.uuid}`;

  async function step(id: number, now: Date, result: DriveBillingResult): Promise<Drive | null> {
    const { graceDays, retentionDays } = await driveRetention(db);
    const price = await drivePricePerGb(db);
    return transactionWithBroadcasts(
      db,
      broadcaster,
      async (tx, broadcast) => {
        const [drive] = await tx.select().from(drives).where(eq(drives.id, id)).for('update');
        if (!drive || drive.status === 'deleted') return null;
        const due = drive.status !== 'active' || drive.paidUntil.getTime() <= now.getTime();
        if (!due) return null;
        const tell = async (key: string, title: string, body: string) => {
          const told = await notify(tx, broadcast, {
            userId: drive.userId,
            event: 'low_balance',
            key: `drive:${drive.uuid}:${key}`,
            title,
            body,
            path: path(drive),
            action: 'دیدن فضا',
          });
          if (told) result.notices++;
        };

        // Renewal: the next period, paid now if the wallet has it.
        const next = drive.period + 1;
        const amount = drive.sizeGb * price;
        const owner = await lockUser(tx, drive.userId);
        if (owner && owner.balance >= amount) {
          if (amount > 0) {
            await postLedgerEntry(
              tx,
              {
                userId: drive.userId,
                type: 'drive',
                amount: -amount,
                idempotencyKey: `drive:${drive.uuid}:${next}`,
                description: `تمدید فضای ذخیره‌سازی «${drive.name}»، ${drive.sizeGb.toLocaleString('fa-IR')} گیگابایت، دورهٔ ${next.toLocaleString('fa-IR')}`,
                reference: drive.uuid,
                at: now,
              },
              broadcast,
            );
          }
          // On time, the next period follows the last; after a suspension it starts now.
          const start = drive.status === 'active' ? drive.paidUntil : now;
          await tx
            .update(drives)
            .set({
              status: 'active',
              period: next,
              periodStartedAt: start,
              paidUntil: new Date(start.getTime() + PERIOD_MS),
              suspendedAt: null,
              deleteAt: null,
              updatedAt: now,
            })
            .where(eq(drives.id, drive.id));
          if (drive.status !== 'active') {
            await tell(
              `renewed:${next}`,
              `فضای «${drive.name}» دوباره فعال شد`,
              'بهای یک ماه از کیف پول کم شد و فضا دوباره کامل در دسترس است.',
            );
          }
          result.renewed++;
          return null;
        }

        if (drive.status === 'active') {
          await tx
            .update(drives)
            .set({ status: 'suspended', suspendedAt: now, updatedAt: now })
            .where(eq(drives.id, drive.id));
          await tell(
            `suspended:${next}`,
            `فضای «${drive.name}» معلق شد`,
            `موجودی کیف پول برای تمدید ماهانهٔ این فضا کافی نبود. تا افزایش اعتبار فقط دانلود از آن ممکن است؛ اگر تا ${graceDays.toLocaleString('fa-IR')} روز تمدید نشود، برای حذف زمان‌بندی می‌شود.`,
          );
          result.suspended++;
          return null;
        }

        if (drive.status === 'suspended') {
          const graceEnds = (drive.suspendedAt ?? now).getTime() + graceDays * DAY_MS;
          if (now.getTime() < graceEnds) return null;
          const deleteAt = new Date(now.getTime() + retentionDays * DAY_MS);
          await tx
            .update(drives)
            .set({ status: 'scheduled_deletion', deleteAt, updatedAt: now })
            .where(eq(drives.id, drive.id));
          await tell(
            `scheduled:${next}`,
            `فضای «${drive.name}» برای حذف زمان‌بندی شد`,
            `این فضا تمدید نشد و ${retentionDays.toLocaleString('fa-IR')} روز دیگر با همهٔ فایل‌هایش حذف می‌شود؛ با افزایش اعتبار دوباره فعال می‌شود.`,
          );
          result.scheduled++;
          return null;
        }

        // scheduled_deletion
        const deleteAt = drive.deleteAt ?? now;
        const left = deleteAt.getTime() - now.getTime();
        if (left <= 0) {
          await markDeleted(tx, drive, now);
          await tell(
            'deleted',
            `فضای «${drive.name}» حذف شد`,
            'این فضا تمدید نشد و پس از مهلت نگهداری با فایل‌هایش حذف شد.',
          );
          result.deleted++;
          return drive;
        }
        if (left <= DAY_MS) {
          await tell(
            `delete-1d:${next}`,
            `فضای «${drive.name}» فردا حذف می‌شود`,
            'تا یک روز دیگر این فضا با همهٔ فایل‌هایش حذف می‌شود؛ برای نگه‌داشتن آن اعتبار بخرید.',
          );
        } else if (left <= 7 * DAY_MS) {
          await tell(
            `delete-7d:${next}`,
            `فضای «${drive.name}» یک هفتهٔ دیگر حذف می‌شود`,
            'تا هفت روز دیگر این فضا با همهٔ فایل‌هایش حذف می‌شود؛ برای نگه‌داشتن آن اعتبار بخرید.',
          );
        }
        return null;
      },
      (error) => options.log?.warn({ err: error }, 'drive event not published'),
    );
  }

  return {
    async run(now = new Date()): Promise<DriveBillingResult> {
      const result: DriveBillingResult = { renewed: 0, suspended: 0, scheduled: 0, deleted: 0, notices: 0 };
      const due = await db
        .select({ id: drives.id })
        .from(drives)
        .where(
          or(
            and(eq(drives.status, 'active'), lte(drives.paidUntil, now)),
            inArray(drives.status, ['suspended', 'scheduled_deletion']),
          ),
        )
        .orderBy(asc(drives.id))
        .limit(500);
      for (const { id } of due) {
        const deleted = await step(id, now, result);
        // After the commit: a crash here leaves objects that the next deletion sweep of the prefix finds.
        if (deleted) await removeDriveObjects(storage, deleted);
      }
      return result;
    },
  };
}

export function ensureDriveBilling(db: Database): Promise<void> {
  return everyMinute(DRIVE_BILLING_JOB, async () => {}).ensure(db);
}

/** The job: renewals and deletions, then abandoned uploads released. */
export function createDriveBillingJobHandler(options: {
  db: Database;
  broadcaster: Broadcaster;
  storage: ObjectStorage;
  log: JobLog;
  expireUploads: (now: Date) => Promise<number>;
  clock?: () => Date;
}): JobHandler {
  const billing = createDriveBilling(options);
  return everyMinute(
    DRIVE_BILLING_JOB,
    async (now) => {
      const result = await billing.run(now);
      const expired = await options.expireUploads(now);
      if (result.renewed + result.suspended + result.scheduled + result.deleted + expired > 0) {
        options.log.info({ ...result, expired }, 'drives billed');
      }
    },
    options.clock ? { clock: options.clock } : {},
  ).handler(options.db);
}
