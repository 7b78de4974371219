import type { Database } from '../../db/client';
import { DEMO_CUSTOMER_BONUS, DEMO_CUSTOMER_TOPUP } from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { chargeDemoPast } from './demo-history';
import { demoStatementAt, demoTopUpAt, seedDemoInvoices } from './invoice-seed';
import { postLedgerEntry } from './wallet';

/**
 * The demo customer's wallet: a top-up and a welcome bonus early last month, then the minutes its
 * machines ran (last month's, deleted since, and this month's, the running one's so far), charged
 * by billing's own code over that past time (demo-history.ts), with last month's statement issued
 * when the month had ended, as the monthly job would. The machines' sessions are the instances'
 * seed's.
 */
export async function seedDemoWallet(db: Database, demo: DemoSeedContext): Promise<void> {
  const userId = demo.userIds.get('customer')!;
  const at = demoTopUpAt(demo.now);
  await postLedgerEntry(db, {
    userId,
    type: 'topup',
    amount: DEMO_CUSTOMER_TOPUP,
    description: 'شارژ کیف پول (دادهٔ نمایشی)',
    idempotencyKey: 'seed:customer:topup',
    at,
  });
  await postLedgerEntry(db, {
    userId,
    type: 'bonus',
    amount: DEMO_CUSTOMER_BONUS,
    description: 'هدیهٔ خوش‌آمد',
    idempotencyKey: 'seed:customer:bonus',
    at,
  });
  // Up to last month's statement, the statement and the other invoices, then on to now.
  const statementAt = demoStatementAt(demo.now);
  await chargeDemoPast(db, userId, at, statementAt);
  await seedDemoInvoices(db, demo);
  await chargeDemoPast(db, userId, statementAt, demo.now);
}
