import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { type User, users } from '../users/tables';
import { drivesBlocker } from './drives-blocker';
import { drivesModule } from './module';
import { drives } from './tables';

describe(`drivesBlocker (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let customer: User;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    [customer] = (await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'))) as [User];
  });
  afterAll(() => database.destroy());

  it('blocks deletion while a drive is not deleted, counting them in Persian', async () => {
    expect(drivesModule.deleteBlockers).toContain(drivesBlocker);
    expect(await drivesBlocker(customer, database.db)).toEqual({
      code: 'drives',
      message: expect.stringMatching(/^۲ فضای ذخیره‌سازی دارید/),
    });
    await database.db.update(drives).set({ status: 'deleted' }).where(eq(drives.userId, customer.id));
    expect(await drivesBlocker(customer, database.db)).toBeNull();
  });
});
