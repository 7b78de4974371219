import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jalaliMonthOf } from '../../lib/jalali-month';
import { JobRegistry } from '../../platform/jobs/registry';
import { jobs } from '../../platform/jobs/tables';
import { createWorker } from '../../platform/jobs/worker';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { type User, users } from '../users/tables';
import {
  createMonthlyStatementJobHandler,
  ensureMonthlyStatements,
  MONTHLY_STATEMENTS_JOB,
} from './monthly-statement-job';
import { issueMonthlyStatements } from './monthly-statements';
import { invoiceItems, invoices } from './tables';
import { postLedgerEntry } from './wallet';

const MINUTE = 60_000;
// آبان ۱۴۰۵: from 2026-10-22T20:30Z to 2026-11-21T20:30Z.
const ABAN = jalaliMonthOf(new Date('2026-11-01T12:00:00Z'));
const VILLA = '11111111-1111-4111-8111-111111111111';
const BLENDER = '22222222-2222-4222-8222-222222222222';

/**
 * Monthly usage statements: after a Jalali month, one paid, numbered usage invoice per customer
 * summing the month's usage lines per machine, once, whatever reruns.
 */
describe(`billing: monthly usage statements (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  let sara: User;
  let reza: User;
  const db = () => database.db;

  const minutes = async (
    user: User,
    machine: string,
    name: string,
    from: Date,
    count: number,
    rial = 1000,
  ) => {
    for (let i = 0; i < count; i++) {
      const at = new Date(from.getTime() + i * MINUTE);
      await postLedgerEntry(db(), {
        userId: user.id,
        type: 'usage',
        amount: -rial,
        description: `کارکرد سرور «${name}»`,
        idempotencyKey: `usage:${machine}:${at.toISOString()}`,
        reference: machine,
        allowNegative: true,
        at,
      });
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    [sara, reza] = (await db()
      .insert(users)
      .values([
        { name: 'سارا', email: 'sara@example.test' },
        { name: 'رضا', email: 'reza@example.test' },
      ])
      .returning()) as [User, User];
    await postLedgerEntry(db(), {
      userId: sara.id,
      type: 'topup',
      amount: 10_000_000,
      description: 'شارژ',
      idempotencyKey: 'test:sara:topup',
    });
    // Sara: two machines in Aban (the villa renamed midway), one minute the month before and after.
    await minutes(sara, VILLA, 'ویلا', new Date('2026-10-25T10:00:00Z'), 3);
    await minutes(sara, VILLA, 'ویلای شمال', new Date('2026-11-10T10:00:00Z'), 2);
    await minutes(sara, BLENDER, 'بلندر', new Date('2026-11-21T20:29:00Z'), 1, 5000);
    await minutes(sara, VILLA, 'ویلا', new Date('2026-10-22T20:29:00Z'), 1);
    await minutes(sara, VILLA, 'ویلا', new Date('2026-11-21T20:30:00Z'), 1);
    // A usage invoice paid from the wallet is a usage line too, but not machine time.
    await postLedgerEntry(db(), {
      userId: sara.id,
      type: 'usage',
      amount: -7000,
      description: 'پرداخت صورت‌حساب',
      idempotencyKey: 'invoice:x:wallet',
      at: new Date('2026-11-05T10:00:00Z'),
    });
    await minutes(reza, BLENDER, 'بلندر', new Date('2026-11-15T08:00:00Z'), 4);
  });
  afterAll(() => database.destroy());

  it('issues one paid statement per customer with one line per machine, and only once', async () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(await issueMonthlyStatements(db(), ABAN, now)).toBe(2);
    expect(await issueMonthlyStatements(db(), ABAN, now)).toBe(0);

    const issued = await db().select().from(invoices).orderBy(asc(invoices.id));
    expect(issued.map((i) => [i.userId, i.kind, i.status, i.subtotal, i.tax, i.total])).toEqual([
      [sara.id, 'usage', 'paid', 10_000, 0, 10_000],
      [reza.id, 'usage', 'paid', 4000, 0, 4000],
    ]);
    expect(issued.map((i) => i.number)).toEqual([1, 2]);
    expect(issued[0]!.paidAt).toEqual(now);
    expect(issued[0]!.billTo).toEqual({ kind: 'person', name: 'سارا' });
    const items = await db()
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, issued[0]!.id))
      .orderBy(asc(invoiceItems.id));
    expect(items.map((i) => [i.description, i.amount, i.reference])).toEqual([
      ['کارکرد سرور «ویلای شمال» — ۵ دقیقه', 5000, `usage:${VILLA}:1405-08`],
      ['کارکرد سرور «بلندر» — ۱ دقیقه', 5000, `usage:${BLENDER}:1405-08`],
    ]);
    expect(items[0]!.periodStart).toEqual(ABAN.start);
    expect(items[0]!.periodEnd).toEqual(ABAN.end);
  });

  it('runs as a recurring job an hour after the month ends, and again harmlessly', async () => {
    await db().delete(invoiceItems);
    await db()
      .delete(invoices)
      .where(inArray(invoices.userId, [sara.id, reza.id]));
    let now = new Date('2026-11-21T21:00:00Z'); // 00:30 on 1 Azar in Tehran: still within the hour.
    const clock = () => now;
    const worker = createWorker({
      db: db(),
      handlers: new JobRegistry().register(
        MONTHLY_STATEMENTS_JOB,
        createMonthlyStatementJobHandler({ db: db(), clock }),
      ),
      clock,
    });
    const run = async () => {
      await db().delete(jobs);
      await ensureMonthlyStatements(db(), clock);
      await worker.drain();
    };
    await run();
    // The month before Aban (Mehr) had one of Sara's minutes: its statement, not Aban's yet.
    expect((await db().select().from(invoiceItems)).map((i) => i.reference)).toEqual([
      `usage:${VILLA}:1405-07`,
    ]);
    now = new Date('2026-11-21T22:00:00Z');
    await run();
    await run();
    const refs = (await db().select().from(invoiceItems)).map((i) => i.reference).sort();
    expect(refs).toEqual([
      `usage:${VILLA}:1405-07`,
      `usage:${VILLA}:1405-08`,
      `usage:${BLENDER}:1405-08`,
      `usage:${BLENDER}:1405-08`,
    ]);
    // Queued again for the next minute.
    expect((await db().select().from(jobs)).map((j) => [j.name, j.state])).toContainEqual([
      MONTHLY_STATEMENTS_JOB,
      'queued',
    ]);
    await worker.stop();
  });
});
