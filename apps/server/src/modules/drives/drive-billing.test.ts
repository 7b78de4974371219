import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTestApp } from '../auth/test-support';
import { walletTransactions } from '../billing/tables';
import { postLedgerEntry } from '../billing/wallet';
import { locations } from '../catalog/tables';
import { notifications } from '../notifications/tables';
import { users } from '../users/tables';
import { createDriveBilling } from './drive-billing';
import { PERIOD_MS } from './service';
import { driveEntries, drives } from './tables';

const PRICE = 30_000;
const DAY = 24 * 3600 * 1000;

/**
 * A drive's months on a fake clock: creation, grow, renewal, suspension without balance, scheduled
 * deletion after the grace days (notices 7 days and 1 day before), deletion with its objects; every
 * run replayed, and each charge and notice happens once.
 */
describe(`drive billing on a fake clock (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: Awaited<ReturnType<typeof createAuthTestApp>>;
  let userId: number;
  const db = () => t.database.db;
  const t0 = new Date('2027-01-01T08:00:00Z');
  const at = (days: number) => new Date(t0.getTime() + days * DAY);

  const balance = async () => (await db().select().from(users).where(eq(users.id, userId)))[0]!.balance;
  const setBalance = async (target: number) => {
    const now = await balance();
    if (now !== target) {
      await postLedgerEntry(db(), {
        userId,
        type: 'adjustment',
        amount: target - now,
        description: 'test',
        idempotencyKey: `test:${randomBytes(8).toString('hex')}`,
        allowNegative: true,
      });
    }
  };
  const charges = async (uuid: string) =>
    (
      await db()
        .select()
        .from(walletTransactions)
        .where(
          and(
            eq(walletTransactions.type, 'drive'),
            like(walletTransactions.idempotencyKey, `drive:${uuid}:%`),
          ),
        )
    ).map((row) => [row.idempotencyKey, row.amount]);
  const notices = async (uuid: string) =>
    (
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), like(notifications.key, `drive:${uuid}:%`)))
    ).map((row) => row.key.slice(`drive:${uuid}:`.length));
  const reload = async (id: number) => (await db().select().from(drives).where(eq(drives.id, id)))[0]!;

  beforeAll(async () => {
    t = await createAuthTestApp();
    userId = (await db().select().from(users).where(eq(users.email, 'customer@renderfarm.test')))[0]!.id;
    // Only this test's drives on the clock: the demo drives' periods run on the real date.
    await db().delete(drives);
  });
  afterAll(() => t.close());

  it('creates, grows, renews, suspends, schedules deletion, tells, deletes: each charge and notice once', async () => {
    const billing = createDriveBilling({
      db: db(),
      broadcaster: { publish: async () => undefined },
      storage: t.app.services.storage,
    });
    const run = async (when: Date) => {
      const first = await billing.run(when);
      // A replay of the same minute (a retried job) changes nothing.
      const again = await billing.run(when);
      expect(again).toMatchObject({ renewed: 0, suspended: 0, scheduled: 0, deleted: 0, notices: 0 });
      return first;
    };
    await setBalance(1_000_000);
    const [thr1] = await db().select().from(locations).where(eq(locations.code, 'thr1'));
    const drive = await t.app.services.drives.create(
      { id: userId, role: 'customer' },
      { name: 'فضای ماهانه', sizeGb: 10, locationId: thr1!.id },
      t0,
    );
    const objectKey = `drives/${drive.uuid}/frame-1`;
    await t.app.services.storage.put(objectKey, Buffer.from('frame'));
    await db().insert(driveEntries).values({
      driveId: drive.id,
      kind: 'file',
      parent: '',
      name: 'فریم.exr',
      path: 'فریم.exr',
      size: 5,
      objectKey,
    });
    expect(await balance()).toBe(1_000_000 - 10 * PRICE);

    // Ten days in: grow by 10 GB, 20 of 30 days left.
    await t.app.services.drives.update(
      { id: userId, role: 'customer' },
      drive.uuid,
      { name: 'فضای ماهانه', sizeGb: 20 },
      at(10),
    );
    expect(await balance()).toBe(1_000_000 - 10 * PRICE - Math.ceil((10 * PRICE * 20) / 30));

    // Not due yet.
    expect(await run(at(29))).toMatchObject({ renewed: 0 });
    // Due: renewed for 20 GB, the next period right after the last.
    await setBalance(20 * PRICE + 5);
    expect(await run(at(30))).toMatchObject({ renewed: 1 });
    let row = await reload(drive.id);
    expect(row).toMatchObject({ status: 'active', period: 2 });
    expect(row.paidUntil.getTime()).toBe(t0.getTime() + 2 * PERIOD_MS);
    expect(await balance()).toBe(5);

    // The next renewal finds no balance: suspended (download only) and told.
    expect(await run(at(60))).toMatchObject({ suspended: 1, notices: 1 });
    row = await reload(drive.id);
    expect(row.status).toBe('suspended');
    // Uploads and folders are refused while suspended.
    await expect(t.app.services.drives.makeFolder(userId, drive.uuid, '', 'پوشه')).rejects.toMatchObject({
      code: 'RF_DRIVE_NOT_ACTIVE',
    });

    // Within the grace days nothing more; after them, scheduled for deletion in 14 days (told).
    expect(await run(at(66))).toMatchObject({ scheduled: 0, notices: 0 });
    expect(await run(at(67))).toMatchObject({ scheduled: 1, notices: 1 });
    row = await reload(drive.id);
    expect(row.status).toBe('scheduled_deletion');
    expect(row.deleteAt!.getTime()).toBe(at(67 + 14).getTime());

    // Seven days before: one notice; one day before: another.
    expect(await run(at(70))).toMatchObject({ notices: 0 });
    expect(await run(at(74))).toMatchObject({ notices: 1 });
    expect(await run(at(75))).toMatchObject({ notices: 0 });
    expect(await run(at(80.5))).toMatchObject({ notices: 1 });

    // Deleted at the end of retention, its objects removed.
    expect(await run(at(81))).toMatchObject({ deleted: 1, notices: 1 });
    row = await reload(drive.id);
    expect(row.status).toBe('deleted');
    expect(await t.app.services.storage.stat(objectKey)).toBeNull();
    expect(await db().select().from(driveEntries).where(eq(driveEntries.driveId, drive.id))).toEqual([]);

    expect(await charges(drive.uuid)).toEqual([
      [`drive:${drive.uuid}:1`, -10 * PRICE],
      [`drive:${drive.uuid}:1:grow:20`, -Math.ceil((10 * PRICE * 20) / 30)],
      [`drive:${drive.uuid}:2`, -20 * PRICE],
    ]);
    expect((await notices(drive.uuid)).sort()).toEqual(
      ['deleted', 'delete-1d:3', 'delete-7d:3', 'scheduled:3', 'suspended:3'].sort(),
    );
  });

  it('a suspended drive comes back when the balance does, and the period starts then', async () => {
    const billing = createDriveBilling({
      db: db(),
      broadcaster: { publish: async () => undefined },
      storage: t.app.services.storage,
    });
    await setBalance(5 * PRICE);
    const [thr1] = await db().select().from(locations).where(eq(locations.code, 'thr1'));
    const drive = await t.app.services.drives.create(
      { id: userId, role: 'customer' },
      { name: 'فضای برگشتی', sizeGb: 5, locationId: thr1!.id },
      t0,
    );
    expect(await billing.run(at(30))).toMatchObject({ suspended: 1 });
    await setBalance(5 * PRICE);
    expect(await billing.run(at(32))).toMatchObject({ renewed: 1, notices: 1 });
    const row = await reload(drive.id);
    expect(row).toMatchObject({ status: 'active', period: 2, suspendedAt: null });
    expect(row.periodStartedAt.getTime()).toBe(at(32).getTime());
    expect(await balance()).toBe(0);
    // Concurrent runs of the same minute still charge once.
    await setBalance(100 * PRICE);
    const results = await Promise.all([billing.run(at(62.5)), billing.run(at(62.5)), billing.run(at(62.5))]);
    expect(results.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    expect((await charges(drive.uuid)).length).toBe(3);
  });
});
