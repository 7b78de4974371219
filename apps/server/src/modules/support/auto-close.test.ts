import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { JobRegistry } from '../../platform/jobs/registry';
import { jobs } from '../../platform/jobs/tables';
import { createWorker } from '../../platform/jobs/worker';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { configs } from '../catalog/tables';
import { notifications } from '../notifications/tables';
import { users } from '../users/tables';
import { AUTO_CLOSE_JOB, autoCloseTickets, createAutoCloseJobHandler, ensureAutoClose } from './auto-close';
import { tickets } from './tables';

const DAY = 24 * 60 * 60 * 1000;

/** Auto-close on a fake clock (docs/domain.md, Support): answered and left alone for N days → closed. */
describe(`ticket auto-close (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let customerId: number;
  const published: BroadcastEvent[] = [];
  const broadcaster = { publish: async (event: BroadcastEvent) => void published.push(event) };
  const T0 = new Date('2026-03-01T08:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    customerId = (
      await database.db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'))
    )[0]!.id;
    await database.db.update(configs).set({ value: 3 }).where(eq(configs.key, 'ticket_auto_close_days'));
    // Only our tickets in the window: the demo's are moved out of it.
    await database.db.update(tickets).set({ lastMessageAt: new Date(T0.getTime() + 30 * DAY) });
  });
  afterAll(() => database.destroy());

  const ticket = async (status: 'answered' | 'customer_reply' | 'on_hold', subject: string) =>
    (
      await database.db
        .insert(tickets)
        .values({ userId: customerId, subject, department: 'فنی', status, lastMessageAt: T0 })
        .returning()
    )[0]!;

  it('closes answered tickets after ticket_auto_close_days, tells the customer once, and leaves the rest', async () => {
    const answered = await ticket('answered', 'پاسخ داده شده و رها شده');
    const waiting = await ticket('customer_reply', 'منتظر پشتیبانی');
    const held = await ticket('on_hold', 'در انتظار');

    // A day short of the limit: nothing moves.
    expect(await autoCloseTickets(database.db, broadcaster, new Date(T0.getTime() + 2 * DAY))).toBe(0);
    const at = new Date(T0.getTime() + 3 * DAY + 60_000);
    published.length = 0;
    expect(await autoCloseTickets(database.db, broadcaster, at)).toBe(1);
    const [closed] = await database.db.select().from(tickets).where(eq(tickets.id, answered.id));
    expect(closed).toMatchObject({ status: 'closed', closedAt: at });
    for (const other of [waiting, held]) {
      const [row] = await database.db.select().from(tickets).where(eq(tickets.id, other.id));
      expect(row!.status).toBe(other.status);
    }
    const notices = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.url, `/panel/tickets/${answered.uuid}`));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toContain('بسته شد');
    expect(notices[0]!.body).toContain('۳ روز');
    expect(published.map((e) => e.event)).toEqual(expect.arrayContaining(['TicketUpdated', 'QueueChanged']));

    // A second run (a retried job) finds nothing and tells nobody again.
    expect(await autoCloseTickets(database.db, broadcaster, at)).toBe(0);
    expect(
      await database.db
        .select()
        .from(notifications)
        .where(eq(notifications.url, `/panel/tickets/${answered.uuid}`)),
    ).toHaveLength(1);
  });

  it('runs as the recurring job on the injected clock and queues its next run', async () => {
    const answered = await ticket('answered', 'برای کار زمان‌بندی‌شده');
    const now = new Date(T0.getTime() + 10 * DAY);
    const clock = () => now;
    const handlers = new JobRegistry().register(
      AUTO_CLOSE_JOB,
      createAutoCloseJobHandler({ db: database.db, broadcaster, clock }),
    );
    await ensureAutoClose(database.db, clock);
    await ensureAutoClose(database.db, clock); // every worker calls it: still one run
    await createWorker({ db: database.db, handlers, clock }).drain();
    const [row] = await database.db.select().from(tickets).where(eq(tickets.id, answered.id));
    expect(row!.status).toBe('closed');
    const next = await database.db.select().from(jobs).where(eq(jobs.name, AUTO_CLOSE_JOB));
    expect(next.filter((j) => j.state === 'queued').map((j) => j.runAt.toISOString())).toEqual([
      new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000).toISOString(),
    ]);
  });
});
