import { and, asc, eq, gte, like, lt, notLike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JalaliMonth } from '../../lib/jalali-month';
import { faNumber } from '../../lib/persian';
import { recordActivity } from '../activity';
import { lockUser } from '../users';
import { currentBillTo } from './bill-to';
import { markInvoicePaid } from './invoices';
import { type Invoice, invoiceItems, invoices, walletTransactions } from './tables';

/**
 * Monthly usage statements (docs/domain.md: "Monthly usage statements are invoices of kind usage"):
 * after a Jalali month ends, one invoice per customer summing that month's `usage` ledger lines per
 * machine («کارکرد سرور «name» — N دقیقه», reference `usage:{instance}:{1405-08}`). The minutes
 * were already charged from the wallet, so the statement is issued `paid` (and numbered), with no
 * VAT of its own: the VAT was on the top-ups that paid for them.
 */

/** Usage lines are the tick's minutes (`usage:…`); a usage invoice paid from the wallet is not usage again. */
const minuteLines = (userId: number, month: JalaliMonth) =>
  and(
    eq(walletTransactions.userId, userId),
    eq(walletTransactions.type, 'usage'),
    gte(walletTransactions.createdAt, month.start),
    lt(walletTransactions.createdAt, month.end),
    notLike(walletTransactions.idempotencyKey, 'invoice:%'),
  );

/** The statement of one customer for one month, once: null when they have one already or used nothing. */
export async function issueStatement(
  db: Database,
  userId: number,
  month: JalaliMonth,
  now: Date,
): Promise<Invoice | null> {
  return db.transaction(async (tx) => {
    // The customer's row lock queues two runs for the same customer: the second sees the first's invoice.
    const user = await lockUser(tx, userId);
    if (!user) return null;
    const [existing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(invoiceItems, eq(invoiceItems.invoiceId, invoices.id))
      .where(
        and(
          eq(invoices.userId, userId),
          eq(invoices.kind, 'usage'),
          like(invoiceItems.reference, `usage:%:${month.key}`),
        ),
      )
      .limit(1);
    if (existing) return null;

    const machines = await tx
      .select({
        reference: walletTransactions.reference,
        charged: sql<number>`-sum(${walletTransactions.amount})`.mapWith(Number),
        minutes: sql<number>`count(*)`.mapWith(Number),
        // The machine's latest name: «کارکرد سرور «…»» as the tick wrote it.
        description: sql<string>`(array_agg(${walletTransactions.description} order by ${walletTransactions.id} desc))[1]`,
      })
      .from(walletTransactions)
      .where(minuteLines(userId, month))
      .groupBy(walletTransactions.reference)
      .orderBy(asc(sql`min(${walletTransactions.id})`));
    const lines = machines.filter((m) => m.charged > 0);
    if (lines.length === 0) return null;

    const subtotal = lines.reduce((total, line) => total + line.charged, 0);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        userId,
        kind: 'usage',
        status: 'pending',
        taxRate: 0,
        subtotal,
        tax: 0,
        total: subtotal,
        billTo: await currentBillTo(tx, user),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(invoiceItems).values(
      lines.map((line) => ({
        invoiceId: invoice!.id,
        description: `${line.description || 'کارکرد سرور'} — ${faNumber(line.minutes)} دقیقه`,
        quantity: 1,
        unitPrice: line.charged,
        amount: line.charged,
        reference: `usage:${line.reference ?? 'unknown'}:${month.key}`,
        periodStart: month.start,
        periodEnd: month.end,
      })),
    );
    const paid = await markInvoicePaid(tx, invoice!.id, now);
    await recordActivity(tx, {
      event: 'billing:invoice.statement',
      actorId: null,
      subject: { type: 'invoice', id: paid.id },
      properties: { uuid: paid.uuid, number: paid.number, month: month.key, total: paid.total },
      at: now,
    });
    return paid;
  });
}

/** Every customer who used machines in `month` gets their statement; returns how many were issued. */
export async function issueMonthlyStatements(db: Database, month: JalaliMonth, now: Date): Promise<number> {
  const users = await db
    .selectDistinct({ userId: walletTransactions.userId })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.type, 'usage'),
        gte(walletTransactions.createdAt, month.start),
        lt(walletTransactions.createdAt, month.end),
      ),
    );
  let issued = 0;
  for (const { userId } of users) {
    if (await issueStatement(db, userId, month, now)) issued++;
  }
  return issued;
}
