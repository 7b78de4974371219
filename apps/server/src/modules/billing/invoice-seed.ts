import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DEMO_CUSTOMER_TOPUP } from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { findUser } from '../users';
import { issueTopUpInvoice, markInvoicePaid } from './invoices';
import { previousJalaliMonth } from './jalali-month';
import { issueStatement } from './monthly-statements';
import { readBillingSettings } from './settings';
import { type BillTo, invoices, payments } from './tables';
import { sessionMinute } from './usage-minutes';
import { postLedgerEntry } from './wallet';

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

/** Last month's working sessions of two machines the customer has since deleted. */
const PAST_SESSIONS = [
  { name: 'رندر پروژهٔ برج', pricePerHour: 950_000, day: 3, hour: 19, minutes: 75 },
  { name: 'انیمیشن تبلیغاتی', pricePerHour: 650_000, day: 6, hour: 20, minutes: 50 },
];

/**
 * The demo customer's invoices, so «صورت‌حساب‌ها» is not empty: the seed's top-up as its paid
 * invoice, last month's usage (two machines since deleted) and its monthly statement, and a
 * pending pro-forma made out to a company. Runs after seedDemoWallet's top-up and bonus, before
 * the running machine's minutes are charged.
 */
export async function seedDemoInvoices(db: Database, demo: DemoSeedContext): Promise<void> {
  const user = (await findUser(db, demo.userIds.get('customer')!))!;
  const settings = await readBillingSettings(db);
  const month = previousJalaliMonth(demo.now);

  // Last month's minutes, dated when they ran (well before the days the wallet's tests look at).
  for (const [index, session] of PAST_SESSIONS.entries()) {
    const startedAt = new Date(month.start.getTime() + session.day * DAY_MS + session.hour * HOUR_MS);
    for (let i = 0; i < session.minutes; i++) {
      const minute = sessionMinute({ startedAt, pricePerHour: session.pricePerHour }, i);
      await postLedgerEntry(db, {
        userId: user.id,
        type: 'usage',
        amount: -minute.amount,
        description: `کارکرد سرور «${session.name}»`,
        idempotencyKey: `seed:customer:usage:${index}:${i}`,
        reference: `00000000-0000-4000-8000-00000000000${index + 1}`,
        allowNegative: true,
        at: minute.at,
      });
    }
  }

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
  const statementAt = new Date(Math.min(month.end.getTime() + HOUR_MS, demo.now.getTime()));
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
