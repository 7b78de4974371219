import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../demo-seed';
import { createObjectStorage } from '../../lib/storage';
import type { BroadcastEvent } from '../../platform/broadcasting/broadcaster';
import { createMailer, readMail } from '../../platform/mail';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { limitations } from '../catalog/tables';
import { users } from '../users/tables';
import { SupportError } from './errors';
import { createSupportService, type SupportService } from './service';
import { ticketMessages, tickets } from './tables';

describe('support service', () => {
  let database: TestDatabase;
  let storageDir: string;
  let support: SupportService;
  let customer: { id: number; role: 'customer' };
  const published: BroadcastEvent[] = [];
  const deliveryErrors: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
    storageDir = await mkdtemp(join(tmpdir(), 'rf-support-'));
    const [row] = await database.db.select().from(users).where(eq(users.email, 'customer@renderfarm.test'));
    customer = { id: row!.id, role: 'customer' };
    support = createSupportService({
      db: database.db,
      broadcaster: { publish: async (event) => void published.push(event) },
      mailer: createMailer({ from: 'رندر فارم ابری <no-reply@renderfarm.test>', storageDir }),
      storage: createObjectStorage({ storageDir }),
      appUrl: 'http://localhost:8000',
      onDeliveryError: (_error, what) => deliveryErrors.push(what),
    });
  });
  afterAll(async () => {
    await database.destroy();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('reads a seeded thread with the staff answer and never an internal note', async () => {
    const { data } = await support.listOwnTickets(customer.id, { status: 'answered', page: 1, perPage: 10 });
    expect(data).toHaveLength(1);
    const [seeded] = await database.db.select().from(tickets).where(eq(tickets.uuid, data[0]!.uuid));
    const [care] = await database.db.select().from(users).where(eq(users.email, 'care@renderfarm.test'));
    await database.db.insert(ticketMessages).values({
      ticketId: seeded!.id,
      authorId: care!.id,
      body: 'یادداشت داخلی: مشتری ویژه',
      internal: true,
    });

    const thread = await support.findOwnTicket(customer.id, data[0]!.uuid);
    expect(thread.messages.map((m) => [m.author, m.author_name])).toEqual([
      ['customer', 'علی رضایی'],
      ['staff', 'سارا پشتیبان'],
    ]);
    expect(JSON.stringify(thread)).not.toContain('یادداشت داخلی');
  });

  it('answers another user’s ticket, a guest ticket and a malformed id as not found', async () => {
    const [guest] = await database.db.select().from(tickets).where(isNull(tickets.userId));
    const [own] = await database.db.select().from(tickets).where(eq(tickets.userId, customer.id));
    const [care] = await database.db.select().from(users).where(eq(users.email, 'care@renderfarm.test'));
    for (const [userId, uuid] of [
      [customer.id, guest!.uuid],
      [care!.id, own!.uuid],
      [customer.id, 'not-a-uuid'],
      [customer.id, "' OR 1=1 --"],
    ] as const) {
      const error = await support.findOwnTicket(userId, uuid).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SupportError);
      expect(error).toMatchObject({ code: 'RF_SUPPORT_TICKET_NOT_FOUND', status: 404 });
    }
  });

  it('refuses a department outside config ticket_departments, beside the field', async () => {
    const error = await support
      .openTicket(
        customer,
        { department: 'Billing', priority: 'low', subject: 'س', message: 'پ' },
        { via: 'api' },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'RF_SUPPORT_DEPARTMENT_UNKNOWN', field: 'department' });
    expect((error as Error).message).toContain('فنی، مالی، فروش');
  });

  it('lets only as many concurrent opens through as max_open_tickets leaves room for', async () => {
    const db = database.db;
    const open = async () =>
      (
        await db
          .select()
          .from(tickets)
          .where(and(eq(tickets.userId, customer.id), ne(tickets.status, 'closed')))
      ).length;
    const before = await open();
    // The demo data's global rule is replaced by one that leaves room for exactly one more.
    await db.delete(limitations).where(eq(limitations.key, 'max_open_tickets'));
    await db.insert(limitations).values({ scope: 'global', key: 'max_open_tickets', value: before + 1 });
    published.length = 0;
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        support.openTicket(
          customer,
          { department: 'فنی', priority: 'medium', subject: `هم‌زمان ${n}`, message: 'متن' },
          { via: 'api' },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'RF_SUPPORT_OPEN_TICKETS_LIMIT' });
    }
    expect(await open()).toBe(before + 1);
    // Only the committed open was announced (to the ticket's listeners and the care queue).
    expect(published.map((e) => e.event)).toEqual(['TicketUpdated', 'QueueChanged']);
    await db.delete(limitations);
  });

  it('opens a guest ticket and mails active staff, reporting no failures', async () => {
    const { ticket, mailed } = await support.openGuestTicket(
      { name: 'مهمان', mobile: '09351234567', department: 'فروش', subject: 'پرسش', message: 'سلام' },
      { ip: '203.0.113.9' },
    );
    expect(ticket).toMatchObject({ userId: null, guestName: 'مهمان', guestMobile: '09351234567' });
    expect(mailed).toBe(3);
    expect((await readMail(storageDir)).map((m) => m.to).sort()).toEqual([
      'admin@renderfarm.test',
      'care2@renderfarm.test',
      'care@renderfarm.test',
    ]);
    expect(deliveryErrors).toEqual([]);
  });
});
