import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_BONUS, DEMO_CUSTOMER_TOPUP, DEMO_PAST_INSTANCES } from './db/demo-data';
import { seedIfEmpty } from './demo-seed';
import { verifyPassword } from './lib/password';
import { usageSessions, walletTransactions } from './modules/billing/tables';
import { hardwares, ports, resources } from './modules/catalog/tables';
import { instances } from './modules/instances/tables';
import { users } from './modules/users/tables';
import { createTestDatabase, type TestDatabase } from './testing/database';

describe('demo seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('seeds the demo accounts, catalog and content once', async () => {
    expect(await seedIfEmpty(database.db)).toBe(true);
    expect(await seedIfEmpty(database.db)).toBe(false);

    // The three sign-in accounts; the other demo customers only fill the KYC and ticket queues.
    const accounts = (await database.db.select().from(users).orderBy(users.id)).filter((u) =>
      u.email?.endsWith('@renderfarm.test'),
    );
    expect(accounts.map((u) => [u.email, u.role])).toEqual([
      ['admin@renderfarm.test', 'admin'],
      ['care@renderfarm.test', 'care'],
      ['care2@renderfarm.test', 'care'],
      ['customer@renderfarm.test', 'customer'],
    ]);
    for (const account of accounts) {
      expect(account.emailVerifiedAt).not.toBeNull();
      expect(account.mobileVerifiedAt).not.toBeNull();
      expect(await verifyPassword('password', account.passwordHash!)).toBe(true);
    }
    const customer = accounts.find((u) => u.role === 'customer')!;
    expect(customer.mobile).toBe('09120000000');
    expect(customer.kycStatus).toBe('approved');
    const ledger = await database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, customer.id))
      .orderBy(walletTransactions.id);
    expect(ledger.slice(0, 2).map((line) => line.amount)).toEqual([DEMO_CUSTOMER_TOPUP, DEMO_CUSTOMER_BONUS]);
    // The demo machines' minutes (the running one's so far), charged as the usage tick charges them.
    const usage = ledger.filter((line) => line.type === 'usage');
    expect(usage.length).toBeGreaterThan(100);
    expect(new Set(usage.map((line) => line.idempotencyKey)).size).toBe(usage.length);
    // Charged in time order over the past: the ledger reads in date order.
    const dates = ledger.map((line) => line.createdAt.getTime());
    expect(dates.filter((at, i) => i > 0 && at < dates[i - 1]!)).toEqual([]);
    expect(customer.balance).toBe(ledger.reduce((sum, line) => sum + line.amount, 0));
    expect(ledger.at(-1)!.balanceAfter).toBe(customer.balance);
    expect(customer.balance).toBeLessThan(DEMO_CUSTOMER_TOPUP + DEMO_CUSTOMER_BONUS);

    expect((await database.db.select().from(hardwares)).length).toBeGreaterThanOrEqual(3);
    expect((await database.db.select().from(ports)).length).toBeGreaterThan(0);
  }, 120_000);

  it('gives the demo customer machines on real hosts, each holding its own port', async () => {
    const [customer] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@renderfarm.test'));
    const machines = await database.db
      .select({ instance: instances, host: resources, plan: hardwares, port: ports })
      .from(instances)
      .innerJoin(resources, eq(resources.id, instances.resourceId))
      .innerJoin(hardwares, eq(hardwares.id, instances.hardwareId))
      .innerJoin(ports, eq(ports.id, instances.portId))
      .where(ne(instances.status, 'deleted'))
      .orderBy(instances.id);
    expect(machines.map((m) => [m.instance.userId, m.instance.status, m.instance.power])).toEqual([
      [customer!.id, 'ready', 'running'],
      [customer!.id, 'ready', 'stopped'],
      [customer!.id, 'provision_failed', 'stopped'],
    ]);
    for (const { instance, host, plan, port } of machines) {
      // The machine is on a host of its plan and location, at the plan's price.
      expect(host.hardwareId).toBe(instance.hardwareId);
      expect(host.locationId).toBe(instance.locationId);
      expect(instance.pricePerHour).toBe(plan.pricePerHour);
      expect(port.resourceId).toBe(host.id);
      expect(port.instanceId).toBe(instance.id);
      expect(port.status).toBe(instance.status === 'ready' ? 'bound' : 'reserved');
      expect(instance.passwordEncrypted).toBeNull();
    }
    expect(new Set(machines.map((m) => m.port.id)).size).toBe(machines.length);
    const [running, stopped, failed] = machines.map((m) => m.instance);
    expect(running!.runningSince!.getTime()).toBeLessThan(Date.now());
    expect(stopped!.runningSince).toBeNull();
    expect(failed!.failureReason).toMatch(/آماده‌سازی/);
    // Ports not taken by a machine stay in the pool.
    const held = (await database.db.select().from(ports)).filter((p) => p.instanceId !== null);
    expect(held).toHaveLength(machines.length);
  }, 120_000);

  it('keeps last month’s machines as deleted rows whose minutes billing charged from their sessions', async () => {
    const deleted = await database.db
      .select({ instance: instances, port: ports })
      .from(instances)
      .innerJoin(ports, eq(ports.id, instances.portId))
      .where(eq(instances.status, 'deleted'))
      .orderBy(instances.id);
    expect(deleted.map((m) => [m.instance.name, m.instance.power])).toEqual(
      DEMO_PAST_INSTANCES.map((m) => [m.name, 'stopped']),
    );
    for (const [i, { instance, port }] of deleted.entries()) {
      // Deleted as the destroy job leaves a machine: its port back in the pool, kept as history.
      expect(instance.deletedAt!.getTime()).toBeLessThan(Date.now());
      expect(port).toMatchObject({ instanceId: null, status: 'free' });
      // One stretch of running, opened and closed by the power trigger, charged and settled.
      const sessions = await database.db
        .select()
        .from(usageSessions)
        .where(eq(usageSessions.instanceId, instance.id));
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.billedMinutes).toBe(DEMO_PAST_INSTANCES[i]!.minutes);
      expect(sessions[0]!.settledAt).not.toBeNull();
      const lines = await database.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.reference, instance.uuid));
      expect(lines).toHaveLength(DEMO_PAST_INSTANCES[i]!.minutes);
      expect(lines.every((l) => l.idempotencyKey.startsWith(`usage:${instance.id}:`))).toBe(true);
      expect(lines.reduce((n, l) => n - l.amount, 0)).toBe(
        Math.floor((instance.pricePerHour * DEMO_PAST_INSTANCES[i]!.minutes) / 60),
      );
    }
  }, 120_000);
});
