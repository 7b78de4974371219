import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { type User, users } from '../users/tables';
import { machinesBlocker } from './machines-blocker';
import { instancesModule } from './module';
import { instances } from './tables';

describe(`machinesBlocker (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
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

  it('blocks deletion while any machine is not deleted, counting them in Persian', async () => {
    expect(await machinesBlocker(customer, database.db)).toEqual({
      code: 'machines',
      message: expect.stringMatching(/^۳ سرور دارید/),
    });
    expect(instancesModule.deleteBlockers).toContain(machinesBlocker);
  });

  it('lets an account go once its machines are deleted, and never counts another account’s', async () => {
    const [other] = await database.db
      .insert(users)
      .values({ name: 'بی‌سرور', email: 'no-machines@example.test' })
      .returning();
    expect(await machinesBlocker(other!, database.db)).toBeNull();

    const own = await database.db.select().from(instances).where(eq(instances.userId, customer.id));
    await database.db.update(instances).set({ status: 'deleted' }).where(eq(instances.id, own[0]!.id));
    expect((await machinesBlocker(customer, database.db))?.message).toMatch(/^۲ سرور/);
    await database.db.update(instances).set({ status: 'deleted' }).where(eq(instances.userId, customer.id));
    expect(await machinesBlocker(customer, database.db)).toBeNull();
  });
});
