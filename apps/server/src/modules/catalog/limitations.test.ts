import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { users } from '../users/tables';
import { resolveLimit, withinLimit } from './limitations';
import { hardwares, limitations } from './tables';

describe('resolveLimit', () => {
  let t: TestDatabase;
  let user: { id: number; role: 'customer' | 'care' | 'admin' };
  let hardwareId: number;

  beforeEach(async () => {
    t = await createTestDatabase();
    const [u] = await t.db.insert(users).values({ name: 'مریم', email: 'm@example.test' }).returning();
    user = { id: u!.id, role: u!.role };
    const [h] = await t.db
      .insert(hardwares)
      .values({
        title: 'RTX 4090',
        slug: 'rtx-4090',
        gpuModel: 'RTX 4090',
        gpuCount: 1,
        vramGb: 24,
        cpuModel: 'Ryzen 9',
        cpuCores: 16,
        ramGb: 64,
        diskGb: 1000,
        pricePerHour: 1_500_000,
      })
      .returning();
    hardwareId = h!.id;
  });
  afterEach(() => t.destroy());

  it('is unlimited when no rule exists', async () => {
    const limit = await resolveLimit(t.db, user, 'max_open_tickets');
    expect(limit).toEqual({ key: 'max_open_tickets', allowed: null, scope: null });
    expect(withinLimit(limit, 1_000)).toBe(true);
  });

  it('lets the most specific active rule win: user, then hardware, then role, then global', async () => {
    await t.db.insert(limitations).values([
      { scope: 'global', key: 'max_instances', value: 5 },
      { scope: 'role', subject: 'customer', key: 'max_instances', value: 4 },
      { scope: 'hardware', subject: String(hardwareId), key: 'max_instances', value: 3 },
      { scope: 'user', subject: String(user.id), key: 'max_instances', value: 2, isActive: false },
    ]);
    expect(await resolveLimit(t.db, user, 'max_instances', { hardwareId })).toMatchObject({
      allowed: 3,
      scope: 'hardware',
    });
    expect(await resolveLimit(t.db, user, 'max_instances')).toMatchObject({ allowed: 4, scope: 'role' });
    expect(await resolveLimit(t.db, { ...user, role: 'care' }, 'max_instances')).toMatchObject({
      allowed: 5,
      scope: 'global',
    });
  });

  it('counts a limit of zero as "none allowed"', async () => {
    await t.db
      .insert(limitations)
      .values({ scope: 'user', subject: String(user.id), key: 'max_open_tickets', value: 0 });
    const limit = await resolveLimit(t.db, user, 'max_open_tickets');
    expect(withinLimit(limit, 0)).toBe(false);
  });

  it('refuses a global rule that names a subject, and a second rule for the same key', async () => {
    await expect(
      t.db.insert(limitations).values({ scope: 'global', subject: '1', key: 'max_running', value: 1 }),
    ).rejects.toThrow();
    await t.db.insert(limitations).values({ scope: 'global', key: 'max_running', value: 1 });
    await expect(
      t.db.insert(limitations).values({ scope: 'global', key: 'max_running', value: 2 }),
    ).rejects.toThrow();
  });
});
