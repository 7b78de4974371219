import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { activityLog } from '../activity/tables';
import { users } from '../users/tables';
import { createApiTokenService, tokenCan } from './api-tokens';
import { personalAccessTokens } from './tables';

describe(`API tokens (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let service: ReturnType<typeof createApiTokenService>;
  let alice: number;
  let bob: number;
  const now = new Date('2025-03-01T10:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    service = createApiTokenService({ db: database.db, clock: () => now });
    const rows = await database.db
      .insert(users)
      .values([
        { name: 'آلیس', email: 'alice@example.test' },
        { name: 'باب', email: 'bob@example.test' },
      ])
      .returning();
    alice = rows[0]!.id;
    bob = rows[1]!.id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates a token shown once as <id>|<secret>, storing only a hash, and logs it', async () => {
    const { token, plainText } = await service.create(alice, {
      name: ' CI ',
      abilities: ['update', 'read', 'read'],
    });
    expect(plainText).toMatch(new RegExp(`^${token.id}\\|[A-Za-z0-9_-]{54}$`));
    expect(token).toMatchObject({ name: 'CI', abilities: ['read', 'update'], lastUsedAt: null });
    const [row] = await database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, token.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(plainText.split('|')[1]);
    const entries = await database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, 'token:created'));
    expect(entries.at(-1)).toMatchObject({ actorId: alice, subjectId: String(token.id) });
  });

  it('defaults to read and refuses unknown abilities or an empty name', async () => {
    expect((await service.create(alice, { name: 'خواندنی' })).token.abilities).toEqual(['read']);
    await expect(service.create(alice, { name: 'x', abilities: ['admin'] })).rejects.toMatchObject({
      code: 'RF_AUTH_TOKEN_ABILITY_INVALID',
    });
    await expect(service.create(alice, { name: 'x', abilities: [] })).rejects.toMatchObject({
      code: 'RF_AUTH_TOKEN_ABILITY_INVALID',
    });
    await expect(service.create(alice, { name: '   ' })).rejects.toMatchObject({
      code: 'RF_AUTH_TOKEN_ABILITY_INVALID',
    });
    await expect(service.create(alice, { name: 'x'.repeat(101) })).rejects.toThrow();
  });

  it('verifies a Bearer header and stamps last use', async () => {
    const { token, plainText } = await service.create(alice, { name: 'cli', abilities: ['read', 'delete'] });
    const verified = await service.verifyBearer(`Bearer ${plainText}`);
    expect(verified).toEqual({ tokenId: token.id, userId: alice, abilities: ['read', 'delete'] });
    expect(tokenCan(verified!, 'delete')).toBe(true);
    expect(tokenCan(verified!, 'create')).toBe(false);
    const listed = await service.list(alice);
    expect(listed.find((t) => t.id === token.id)!.lastUsedAt).toEqual(now);
  });

  it('refuses wrong, malformed, foreign-id and missing tokens', async () => {
    const { plainText } = await service.create(alice, { name: 'x' });
    const [id, secret] = plainText.split('|');
    const flipped = `${secret!.slice(0, -1)}${secret!.endsWith('A') ? 'B' : 'A'}`;
    for (const header of [
      undefined,
      '',
      plainText,
      `Basic ${plainText}`,
      `Bearer ${id}|${flipped}`,
      `Bearer 999999|${secret}`,
      `Bearer ${id}`,
      `Bearer ${id}|${secret}' or '1'='1`,
    ]) {
      expect(await service.verifyBearer(header)).toBeNull();
    }
  });

  it('stops working for a suspended account', async () => {
    const { plainText } = await service.create(bob, { name: 'b' });
    await database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, bob));
    expect(await service.verifyBearer(`Bearer ${plainText}`)).toBeNull();
    await database.db.update(users).set({ status: 'active' }).where(eq(users.id, bob));
    expect(await service.verifyBearer(`Bearer ${plainText}`)).not.toBeNull();
  });

  it('updates and deletes only the owner’s tokens', async () => {
    const { token, plainText } = await service.create(alice, { name: 'm' });
    await expect(service.updateAbilities(bob, token.id, ['read', 'create'])).rejects.toMatchObject({
      code: 'RF_AUTH_TOKEN_NOT_FOUND',
    });
    expect((await service.updateAbilities(alice, token.id, ['create', 'read'])).abilities).toEqual([
      'read',
      'create',
    ]);
    expect((await service.verifyBearer(`Bearer ${plainText}`))!.abilities).toEqual(['read', 'create']);
    await expect(service.delete(bob, token.id)).rejects.toMatchObject({ code: 'RF_AUTH_TOKEN_NOT_FOUND' });
    await service.delete(alice, token.id);
    expect(await service.verifyBearer(`Bearer ${plainText}`)).toBeNull();
    expect((await service.list(alice)).some((t) => t.id === token.id)).toBe(false);
    expect((await service.list(bob)).every((t) => t.name === 'b')).toBe(true);
  });
});
