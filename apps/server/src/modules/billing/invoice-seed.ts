import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DEMO_CUSTOMER_TOPUP } from '../../db/demo-data';
import { previousJalaliMonth } from '../../lib/jalali-month';
import type { DemoSeedContext } from '../app-module';
import { findUser } from '../users';
import { issueTopUpInvoice, markInvoicePaid } from './invoices';
import { issueStatement } from './monthly-statements';
import { readBillingSettings } from './settings';
import { type BillTo, invoices, payments } from './tables';

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

const PERSON: BillTo = {
  kind: 'person',
  name: 'علی رضایی',
  national_code: '0499370899',
  address: 'تهران، خیابان شریعتی، کوچهٔ یاس، پلاک ۸، واحد ۳',
  postal_code: '1915673111',
};

const COMPANY: BillTo = {
  kind: 'company',
  name: 'شرکت طراحی نقش‌آفرین',
  company_id: '10320845671',
  economic_code: '411153698574',
  address: 'تهران، خیابان ولیعصر، بالاتر از پارک ساعی، کوچهٔ نیلوفر، پلاک ۱۲، واحد ۴',
  postal_code: '1434843111',
};

/**
 * When the demo customer topped up: the first day of last Jalali month, before any of its usage,
 * so the ledger reads in date order (money in, then minutes spent).
 */
export function demoTopUpAt(now: Date): Date {
  return new Date(previousJalaliMonth(now).start.getTime() + DAY_MS + 10 * HOUR_MS);
}

/**
 * When last month's statement was issued: an hour after the month ended (or now, in that hour), by
 * which time billing had charged every minute of it.
 */
export function demoStatementAt(now: Date): Date {
  return new Date(Math.min(previousJalaliMonth(now).end.getTime() + HOUR_MS, now.getTime()));
}

/**
 * The demo customer's invoices, so «صورت‌حساب‌ها» is not empty: the seed's top-up as its paid
 * invoice, last month's statement (its machines' minutes, two of them deleted since), and a
 * pending pro-forma made out to a company. Runs once seedDemoWallet has charged the minutes up to
 * the statement's time, before the rest up to now.
 */
export async function seedDemoInvoices(db: Database, demo: DemoSeedContext): Promise<void> {
  const user = (await findUser(db, demo.userIds.get('customer')!))!;
  const settings = await readBillingSettings(db);
  const month = previousJalaliMonth(demo.now);

  // The seed's top-up (seedDemoWallet's first line) as its invoice, made out to the customer.
  const topUpAt = demoTopUpAt(demo.now);
  const topUp = await db.transaction(async (tx) => {
    const invoice = await issueTopUpInvoice(tx, user, DEMO_CUSTOMER_TOPUP, settings);
    await tx.update(invoices).set({ billTo: PERSON, createdAt: topUpAt }).where(eq(invoices.id, invoice.id));
    return invoice;
  });
  const payTopUp = () =>
    db.transaction(async (tx) => {
      await markInvoicePaid(tx, topUp.id, topUpAt);
      // The gateway payment it came through (Admin/Dash «تازه‌ترین پرداخت‌ها»).
      await tx.insert(payments).values({
        userId: user.id,
        invoiceId: topUp.id,
        gateway: 'test',
        amount: topUp.total,
        status: 'paid',
        authority: `T${'0'.repeat(34)}1`,
        refId: '900000001',
        cardPan: '6037**********1234',
        expiresAt: new Date(topUpAt.getTime() + settings.verifyDeadlineMinutes * 60_000),
        paidAt: topUpAt,
        createdAt: topUpAt,
        updatedAt: topUpAt,
      });
    });
  // Numbers follow the payment dates: the earlier of the two is paid (numbered) first.
  const statementAt = demoStatementAt(demo.now);
  if (topUpAt < statementAt) {
    await payTopUp();
    await issueStatement(db, user.id, month, statementAt);
  } else {
    await issueStatement(db, user.id, month, statementAt);
    await payTopUp();
  }

  // The pro-forma the customer asked for two days ago, for their company's bank transfer.
  await db.transaction(async (tx) => {
    const invoice = await issueTopUpInvoice(tx, user, 20_000_000, settings);
    const at = new Date(demo.now.getTime() - 2 * DAY_MS);
    await tx
      .update(invoices)
      .set({ billTo: COMPANY, createdAt: at, updatedAt: at, dueAt: new Date(at.getTime() + 7 * DAY_MS) })
      .where(eq(invoices.id, invoice.id));
    // A try at paying it online that the customer cancelled at the gateway, an hour later.
    const tried = new Date(at.getTime() + HOUR_MS);
    await tx.insert(payments).values({
      userId: user.id,
      invoiceId: invoice.id,
      gateway: 'test',
      amount: invoice.total,
      status: 'canceled',
      authority: `T${'0'.repeat(34)}2`,
      expiresAt: new Date(tried.getTime() + settings.verifyDeadlineMinutes * 60_000),
      createdAt: tried,
      updatedAt: tried,
    });
  });
}
