import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { mayUser } from './policy';
import { LIMITATION_KEYS, limitations } from './tables';

describe(`limits policy (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  const user = { id: 7, role: 'customer' as const };
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(limitations).values([
      { scope: 'global', subject: null, key: 'max_instances', value: 5 },
      { scope: 'role', subject: 'customer', key: 'max_instances', value: 3 },
      { scope: 'user', subject: '7', key: 'max_running', value: 0 },
      { scope: 'hardware', subject: '2', key: 'max_running', value: 4 },
    ]);
  });
  afterAll(() => database.destroy());

  it('answers yes within the most specific limit and names the limit and its value when it says no', async () => {
    expect(await mayUser(database.db, user, 'max_instances', { used: 2 })).toMatchObject({
      allowed: true,
      limit: 3,
    });
    const no = await mayUser(database.db, user, 'max_instances', { used: 3 });
    expect(no).toMatchObject({ allowed: false, limit: 3, used: 3, scope: 'role' });
    expect(no.allowed === false && no.message).toBe(
      'به سقف «حداکثر تعداد سرور» رسیده‌اید: ۳ سرور مجاز است و اکنون ۳ سرور دارید.',
    );
    const zero = await mayUser(database.db, user, 'max_running', { used: 0, hardwareId: 2 });
    expect(zero).toMatchObject({ allowed: false, limit: 0, scope: 'user' });
    expect(await mayUser(database.db, user, 'max_drive_gb', { used: 10_000, adding: 500 })).toMatchObject({
      allowed: true,
      limit: null,
    });
  });

  it('knows every limit of docs/domain.md by a Persian name', async () => {
    for (const key of LIMITATION_KEYS) {
      await database.db.insert(limitations).values({ scope: 'user', subject: '8', key, value: 0 });
      const answer = await mayUser(database.db, { id: 8, role: 'customer' }, key, { used: 0 });
      expect(answer.allowed === false && answer.message).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
