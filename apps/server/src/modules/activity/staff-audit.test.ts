import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { users } from '../users/tables';
import { auditChanges, MASKED, maskedValue, recordStaffAction } from './staff-audit';
import { activityLog } from './tables';

describe('staff audit: secrets are masked', () => {
  it('masks passwords, tokens, keys, secrets, card numbers and encrypted settings by field name', () => {
    const secrets = [
      'password',
      'passwordHash',
      'new_password',
      'token',
      'tokenSecret',
      'token_secret',
      'api_key',
      'apiKey',
      'privateKey',
      'secret',
      'twoFactorSecret',
      'twoFactorRecoveryCodes',
      'cardPan',
      'card_number',
      'pan',
      'cvv',
      'otp',
      'rememberToken',
      'passwordEncrypted',
      'driverConfig',
    ];
    for (const field of secrets) expect(maskedValue(field, 'value-123'), field).toBe(MASKED);
    // A setting's key is its name, not a secret; ordinary fields stay as they are.
    for (const field of ['key', 'name', 'title', 'monkey', 'keyboard', 'status', 'publicIp']) {
      expect(maskedValue(field, 'value-123'), field).toBe('value-123');
    }
  });

  it('masks a card number in any field, and secrets inside nested values', () => {
    expect(maskedValue('reason', '6037-9975-9512-5346')).toBe(MASKED);
    expect(maskedValue('notes', 'card 6037997595125346 paid')).toBe(MASKED);
    // Sixteen digits that fail the card checksum (a tracking code) are kept.
    expect(maskedValue('reference', '1234567812345678')).toBe('1234567812345678');
    expect(maskedValue('settings', { url: 'https://pve', token_secret: 's3cr3t', node: 'pve1' })).toEqual({
      url: 'https://pve',
      token_secret: MASKED,
      node: 'pve1',
    });
  });

  it('keeps only what changed; a changed secret says that it changed, never the value', () => {
    expect(
      auditChanges(
        { name: 'a', passwordHash: 'old-hash', updatedAt: new Date(1), role: 'customer' },
        { name: 'b', passwordHash: 'new-hash', updatedAt: new Date(2), role: 'customer' },
      ),
    ).toEqual([
      { field: 'name', before: 'a', after: 'b' },
      { field: 'passwordHash', before: MASKED, after: MASKED },
    ]);
    // A creation lists what was set; a deletion what was there.
    expect(auditChanges(null, { id: 5, title: 'x', stock: null, note: '' })).toEqual([
      { field: 'title', before: null, after: 'x' },
    ]);
    expect(auditChanges({ title: 'x', price: 10 }, null, { price: 'rial' })).toEqual([
      { field: 'title', before: 'x', after: null },
      { field: 'price', before: 10, after: null, format: 'rial' },
    ]);
  });
});

describe(`staff audit: one entry (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let adminId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [admin] = await database.db
      .insert(users)
      .values({ name: 'مدیر', email: 'a@example.com', role: 'admin' })
      .returning();
    adminId = admin!.id;
  });
  afterAll(() => database.destroy());

  it('writes actor, subject, summary and before → after with secrets masked, properties too', async () => {
    const entry = await recordStaffAction(database.db, {
      event: 'catalog:host.updated',
      actor: { actorId: adminId, ip: '10.0.0.1' },
      subject: { type: 'resource', id: 3 },
      summary: 'میزبان «pve1» ویرایش شد.',
      before: { capacity: 1, driverConfig: { token_secret: 'old' } },
      after: { capacity: 2, driverConfig: { token_secret: 'new' } },
      properties: { token: 'abc', reason: 'ظرفیت بیشتر' },
    });
    const [row] = await database.db.select().from(activityLog).where(eq(activityLog.id, entry.id));
    expect(row).toMatchObject({
      actorId: adminId,
      subjectType: 'resource',
      subjectId: '3',
      ipAddress: '10.0.0.1',
    });
    expect(row!.properties).toEqual({
      token: MASKED,
      reason: 'ظرفیت بیشتر',
      summary: 'میزبان «pve1» ویرایش شد.',
      changes: [
        { field: 'capacity', before: 1, after: 2 },
        { field: 'driverConfig', before: MASKED, after: MASKED },
      ],
    });
    expect(JSON.stringify(row)).not.toMatch(/old|new"|abc/);
  });

  it('refuses a subject type the audit page cannot name', async () => {
    await expect(
      recordStaffAction(database.db, {
        event: 'catalog:host.updated',
        actor: { actorId: adminId },
        subject: { type: 'gadget', id: 1 },
        summary: 'چیزی',
      }),
    ).rejects.toThrow(/gadget/);
  });
});
