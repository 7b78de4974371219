import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password';
import { createAuthTestApp, logIn } from '../auth/test-support';
import { postLedgerEntry } from '../billing/wallet';
import { hardwares, images, locations, resources } from '../catalog/tables';
import { instances } from '../instances/tables';
import { tickets } from '../support/tables';
import { users } from '../users/tables';

type T = Awaited<ReturnType<typeof createAuthTestApp>>;

describe('area homes: Panel/Home, Care/Home, Admin/Dash', () => {
  let t: T;
  let ownerId: number;
  let place: { hardwareId: number; locationId: number; imageId: number; resourceId: number };

  beforeAll(async () => {
    t = await createAuthTestApp();
    const db = t.database.db;
    const [owner] = await db
      .insert(users)
      .values({
        name: 'نیما رندرکار',
        email: 'nima@example.test',
        emailVerifiedAt: new Date(),
        passwordHash: await hashPassword('password'),
        kycStatus: 'approved',
      })
      .returning();
    ownerId = owner!.id;
    const [hardware] = await db.select().from(hardwares).limit(1);
    const [location] = await db.select().from(locations).limit(1);
    const [image] = await db.select().from(images).limit(1);
    const [resource] = await db
      .select()
      .from(resources)
      .where(eq(resources.locationId, location!.id))
      .limit(1);
    place = {
      hardwareId: hardware!.id,
      locationId: location!.id,
      imageId: image!.id,
      resourceId: resource!.id,
    };
  });
  afterAll(() => t.close());

  const machine = (name: string, fields: Partial<typeof instances.$inferInsert>) =>
    t.database.db
      .insert(instances)
      .values({ userId: ownerId, name, pricePerHour: 1_000_000, ...place, ...fields })
      .returning();

  it('shows the customer what the running machines cost and how long the balance lasts', async () => {
    await postLedgerEntry(t.database.db, {
      userId: ownerId,
      type: 'topup',
      amount: 3_500_000,
      description: 'افزایش اعتبار',
      idempotencyKey: 'dash-test-topup',
    });
    await machine('رندر شب', { status: 'ready', power: 'running', runningSince: new Date() });
    await machine('خاموش', { status: 'ready', power: 'stopped' });
    await machine('در صف', { status: 'pending' });
    await t.database.db.insert(tickets).values([
      { userId: ownerId, subject: 'کندی رندر', department: 'فنی' },
      { userId: ownerId, subject: 'قدیمی', department: 'مالی', status: 'closed' },
    ]);

    const page = await (await logIn(t, 'nima@example.test')).page('/panel');
    expect(page.component).toBe('Panel/Home');
    expect(page.props.balance).toBe(3_500_000);
    expect(page.props.burn_rate).toBe(1_000_000);
    expect(page.props.hours_left).toBe(3);
    expect(page.props.machines.map((m: { name: string }) => m.name)).toEqual(['رندر شب']);
    expect(page.props.tickets.map((x: { subject: string }) => x.subject)).toEqual(['کندی رندر']);
    expect(JSON.stringify(page.props.machines)).not.toMatch(/password|driver/);
  });

  it('says nothing runs rather than dividing by zero', async () => {
    await t.database.db.insert(users).values({
      name: 'بی‌سرور',
      email: 'idle@example.test',
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword('password'),
    });
    const page = await (await logIn(t, 'idle@example.test')).page('/panel');
    expect(page.props.machines).toEqual([]);
    expect(page.props.burn_rate).toBe(0);
    expect(page.props.hours_left).toBeNull();
  });

  it('gives the care desk its queues, the machines needing attention and who is online', async () => {
    const care = await logIn(t, 'care@renderfarm.test');
    const before = (await care.page('/care')).props;
    const longAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await t.database.db.insert(tickets).values([
      { userId: ownerId, subject: 'دیرمانده', department: 'فنی', lastMessageAt: longAgo },
      { userId: ownerId, subject: 'پاسخ مشتری', department: 'فروش', status: 'customer_reply' },
      { userId: ownerId, subject: 'پاسخ داده شد', department: 'فنی', status: 'answered' },
    ]);
    await machine('خراب', { status: 'provision_failed', failureReason: 'میزبان پاسخ نداد' });
    await machine('خراب با جزئیات', {
      status: 'provision_failed',
      failureReason: 'آماده‌سازی انجام نشد. پشتیبانی در حال پیگیری است.',
      failureDetail: 'clone timed out after 300 s',
      failureCode: 'host_timeout',
    });
    await machine('گیر کرده', {
      status: 'ready',
      power: 'starting',
      powerChangedAt: new Date(Date.now() - 30 * 60 * 1000),
    });

    const page = await care.page('/care');
    expect(page.component).toBe('Care/Home');
    const { total } = page.props.queues;
    expect(total.waiting - before.queues.total.waiting).toBe(2);
    expect(total.unassigned - before.queues.total.unassigned).toBe(2);
    expect(total.late - before.queues.total.late).toBe(1);
    expect(page.props.machines.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['خراب', 'گیر کرده']),
    );
    expect(page.props.staff_online.map((s: { role: string }) => s.role)).toContain('care');
    // Staff read the cause in Persian; the driver's English words come as the technical detail.
    const detailed = page.props.machines.find((m: { name: string }) => m.name === 'خراب با جزئیات');
    expect(detailed.failure_reason).toBe('میزبان در مهلت مقرر پاسخ نداد');
    expect(detailed.failure_detail).toBe('clone timed out after 300 s');
    // Every reason on the desk is Persian: no driver's English is read as the reason.
    for (const m of page.props.machines as { name: string; failure_reason: string | null }[]) {
      if (m.failure_reason) expect(m.failure_reason, m.name).not.toMatch(/[A-Za-z]/);
    }
  });

  it('gives the admin revenue this Tehran day and Jalali month, capacity per location and sign-ups', async () => {
    const admin = await logIn(t, 'admin@renderfarm.test');
    const before = (await admin.page('/admin')).props;
    await postLedgerEntry(t.database.db, {
      userId: ownerId,
      type: 'topup',
      amount: 1_200_000,
      description: 'افزایش اعتبار',
      idempotencyKey: 'dash-test-topup-2',
    });
    const page = await admin.page('/admin');
    expect(page.component).toBe('Admin/Dash');
    expect(page.props.kpis.topped_up_today - before.kpis.topped_up_today).toBe(1_200_000);
    expect(page.props.kpis.topped_up_month - before.kpis.topped_up_month).toBe(1_200_000);
    expect(page.props.kpis.topups_month - before.kpis.topups_month).toBe(1);
    // Staff sign in too (this test's admin and care did), but only customers count.
    expect(page.props.kpis.active_customers).toBe(before.kpis.active_customers);
    await t.database.db.insert(users).values({
      name: 'یاسمن',
      email: 'yasaman@example.test',
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword('password'),
    });
    await logIn(t, 'yasaman@example.test');
    expect((await admin.page('/admin')).props.kpis.active_customers).toBe(before.kpis.active_customers + 1);
    expect(page.props.capacity.length).toBeGreaterThan(0);
    expect(page.props.capacity[0]).toEqual(
      expect.objectContaining({ capacity: expect.any(Number), placed: expect.any(Number) }),
    );
    expect(page.props.signups[0]).toEqual(expect.objectContaining({ name: expect.any(String) }));
  });
});
